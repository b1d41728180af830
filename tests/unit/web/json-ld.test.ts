import { describe, expect, it } from "vitest";
import { jsonLdText } from "#src/lib/json-ld.ts";

describe("jsonLdText", () => {
  it("cannot end its <script> element early, and still parses to the same data", () => {
    const data = { "@type": "Product", name: "Evil</script><script>alert(1)</script>" };
    const text = jsonLdText(data);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(data);
  });
});

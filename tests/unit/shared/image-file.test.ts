import { describe, expect, it } from "vitest";
import { detectImageType } from "../../../domain/shared/image-file.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectImageType (by magic numbers, never by name or claimed type)", () => {
  it("recognises PNG, JPEG, GIF and WebP", () => {
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe("png");
    expect(detectImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(detectImageType(bytes("GIF89a", [1, 0]))).toBe("gif");
    expect(detectImageType(bytes("GIF87a"))).toBe("gif");
    expect(detectImageType(bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
  });

  it("refuses everything else: text, SVG, HTML, a RIFF that is not WebP, truncated headers, nothing", () => {
    expect(detectImageType(bytes("hello world"))).toBeNull();
    expect(detectImageType(bytes("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).toBeNull();
    expect(detectImageType(bytes("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectImageType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeNull();
    expect(detectImageType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

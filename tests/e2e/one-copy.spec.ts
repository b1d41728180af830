import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./fixtures.ts";

// The server build imports the store's own server code as Node loads it instead of carrying a
// compiled copy (build/own-modules-external.mjs, issue 34): the process that serves these journeys
// holds one app, one DomainError class, one of every module. A bundled copy would serve too (its
// middleware would quietly open a second app), so the built files themselves are read here.
const SERVER_BUILD = join(import.meta.dirname, "../../dist/server");

function builtFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(folder, entry.name)) : entry.name.endsWith(".mjs") ? [join(folder, entry.name)] : [],
  );
}

test("the server build imports the domain, adapters, read models and src/server instead of carrying a copy", async ({ request }) => {
  const code = builtFiles(SERVER_BUILD).map((file) => readFileSync(file, "utf8"));
  // Definitions that only exist in those folders.
  for (const definition of [/class DomainError\b/, /function runApp\b/, /function createApp\b/, /function settleCapture\b/, /function createFront\b/]) {
    expect(
      code.filter((text) => definition.test(text)),
      `${definition} in dist/server`,
    ).toHaveLength(0);
  }
  // The middleware reads the process's app where scripts/serve.ts put it.
  expect(code.some((text) => text.includes(`"#server/run-app.ts"`))).toBe(true);
  // And what is served is rendered with it: a domain error thrown under Astro's handler is mapped by src/server.
  const answer = await request.post("/api/cart", { data: { productId: "no-such-product", quantity: 1 } });
  expect(answer.status()).toBe(404);
});

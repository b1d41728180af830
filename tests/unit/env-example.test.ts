import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigSchema } from "#server/config-schema.ts";
import { renderEnvExample } from "#server/env-example.ts";

const committed = readFileSync(resolve(import.meta.dirname, "../../.env.example"), "utf8");

describe(".env.example", () => {
  it("lists every variable of the configuration schema", () => {
    const listed = new Set([...committed.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    const missing = Object.keys(ConfigSchema.shape).filter((name) => !listed.has(name));
    expect(missing, "run `npm run env:example` and commit .env.example").toEqual([]);
  });

  it("is exactly what `npm run env:example` generates (descriptions and defaults up to date)", () => {
    expect(committed).toBe(renderEnvExample());
  });

  it("describes every variable in the schema itself", () => {
    const undescribed = Object.entries(ConfigSchema.shape)
      .filter(([, schema]) => !schema.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
  });

  it("is a file Node's own .env parser reads without setting anything (every line commented)", () => {
    expect(parseEnv(committed)).toEqual({});
  });
});

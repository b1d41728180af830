import { describe, expect, it } from "vitest";
import * as z from "zod";
import { describeZodError, withoutRawKeys, zodFieldErrors } from "#server/http-errors.ts";

// Every request schema of the API, so that a new one is held to the rule without being listed.
const modules = import.meta.glob<Record<string, unknown>>("../../../src/server/schemas/*.ts", { eager: true });

// A request key as the code spells it ("robloxUsername", "cartItems.id"): no message may show one.
const RAW_KEY = /\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/;

/** Wrong values of every kind for each field of an object schema, and the object left empty. */
function badBodies(schema: z.ZodType): unknown[] {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, unknown>) : {};
  const bodies: unknown[] = [{}, null, "text", []];
  for (const key of Object.keys(shape)) {
    for (const value of [12345, "", "x".repeat(20_000), [], { nested: true }, true, null, -1]) bodies.push({ [key]: value });
  }
  return bodies;
}

describe("the API's field messages", () => {
  it("never show a request key: each names the field as a person would", () => {
    const seen: string[] = [];
    let schemas = 0;
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, schema] of Object.entries(exports)) {
        if (!(schema instanceof z.ZodType)) continue;
        schemas += 1;
        for (const body of badBodies(schema)) {
          const result = schema.safeParse(body);
          if (result.success) continue;
          for (const message of [describeZodError(result.error), ...Object.values(zodFieldErrors(result.error))]) {
            // Quoted text is a value to type as it is (an enum's options), not a field's name.
            if (RAW_KEY.test(message.replace(/"[^"]*"/g, ""))) seen.push(`${file.split("/").pop()} ${name}: ${message}`);
          }
        }
      }
    }
    expect(schemas).toBeGreaterThan(50);
    expect([...new Set(seen)]).toEqual([]);
  });

  it("turn a key a schema's own words name into the field's words", () => {
    expect(withoutRawKeys("minPurchase must be an amount like 12.99")).toBe("Min purchase must be an amount like 12.99");
    expect(withoutRawKeys("The robloxUsername is taken")).toBe("The Roblox username is taken");
    expect(withoutRawKeys("cartItems.id is required")).toBe("Cart items id is required");
    expect(withoutRawKeys("Only USD is accepted")).toBe("Only USD is accepted");
    expect(withoutRawKeys('Kind must be one of "storeCredit.adjust"|"staff.signIn"')).toBe('Kind must be one of "storeCredit.adjust"|"staff.signIn"');
  });
});

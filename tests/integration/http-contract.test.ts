import { describe, expect, it } from "vitest";
import * as z from "zod";
import { DomainError } from "#domain/shared/domain-error.ts";
import * as unknownApi from "#src/pages/api/[...path].ts";
import { json, readJson, route } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

const { call } = await createTestApp({ seed: false });

const Body = z.object({ quantity: z.number().int().min(1) });
const echo = route(async ({ request }) => json(await readJson(request, Body, 1024), 201));

describe("HTTP contract (DESIGN.md)", () => {
  it("parses a valid JSON body", async () => {
    const res = await call(echo, "/api/echo", { method: "POST", body: { quantity: 2 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ quantity: 2 });
  });

  it("answers malformed JSON with 400 {error}", async () => {
    const res = await call(echo, "/api/echo", { method: "POST", rawBody: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body is not valid JSON" });
  });

  it("answers a body of the wrong shape with 400 naming the field", async () => {
    const res = await call(echo, "/api/echo", { method: "POST", body: { quantity: 0.5 } });
    expect(res.status).toBe(400);
    // In words, not the raw key (issue 47); `fields` names it for the form.
    expect(res.body.error).toMatch(/^Quantity: /);
    expect(Object.keys(res.body.fields)).toEqual(["quantity"]);
  });

  it("answers a body over the limit with 413, even without a Content-Length", async () => {
    const res = await call(echo, "/api/echo", { method: "POST", rawBody: JSON.stringify({ quantity: 1, pad: "x".repeat(2000) }) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/larger than/);
  });

  it("maps each domain error kind to its status", async () => {
    const cases = [
      ["unauthenticated", 401],
      ["forbidden", 403],
      ["not_found", 404],
      ["conflict", 409],
      ["payment_required", 402],
      ["provider_unavailable", 502],
      ["rate_limited", 429],
    ] as const;
    for (const [kind, status] of cases) {
      const res = await call(
        route(() => {
          throw new DomainError(kind, ErrorCode.invalidInput, `a ${kind} message`);
        }),
        "/api/x",
      );
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: `a ${kind} message` });
    }
  });

  it("turns a bug into a plain 500 that leaks nothing", async () => {
    const res = await call(
      route(() => {
        throw new Error("secret internals");
      }),
      "/api/x",
    );
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain("secret");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await call(unknownApi.ALL as never, "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "No such API endpoint" });
  });

  it("adds security headers to every response", async () => {
    const res = await call(echo, "/api/echo", { method: "POST", body: { quantity: 1 } });
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

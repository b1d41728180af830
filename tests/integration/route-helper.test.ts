import { describe, expect, it } from "vitest";
import * as cart from "#src/pages/api/cart/index.ts";
import * as gameBySlug from "#src/pages/api/games/[slug].ts";
import * as games from "#src/pages/api/games/index.ts";
import { json } from "#server/http.ts";
import { createTestApp } from "./helpers/test-app.ts";

// The request helper checks each call against the route manifest (helpers/routes.ts), so a test
// that names a path the server would not route to its handler fails instead of passing quietly.
const store = await createTestApp();

describe("the integration tests' request helper", () => {
  it("calls a handler under its own route's path, parameters and all", async () => {
    expect((await store.call(games.GET, "/api/games")).status).toBe(200);
    expect((await store.call(gameBySlug.GET, "/api/games/doors", { params: { slug: "doors" } })).status).toBe(200);
    expect((await store.call(gameBySlug.GET, "/x", { params: { slug: "doors" } })).status).toBe(200);
    // `x` in a parameter's place stands for the parameter the test passes.
    expect((await store.call(gameBySlug.GET, "/api/games/x", { params: { slug: "doors" } })).status).toBe(200);
  });

  it("refuses a path the manifest routes to another file, or to none (a renamed route)", async () => {
    await expect(store.call(games.GET, "/api/products")).rejects.toThrow("the manifest routes this path to /api/products, but the handler is GET /api/games");
    await expect(store.call(games.GET, "/api/all-games")).rejects.toThrow("routes this path to /api/[...path]");
    await expect(store.call(games.GET, "/nowhere")).rejects.toThrow("no route in the manifest");
  });

  it("refuses parameters the route does not give", async () => {
    await expect(store.call(gameBySlug.GET, "/api/games/doors", { params: { slug: "adopt-me" } })).rejects.toThrow(
      'gives slug "doors", the test passes "adopt-me"',
    );
    await expect(store.call(gameBySlug.GET, "/api/games/doors", { params: { slug: "doors", id: "1" } })).rejects.toThrow("has no parameter id");
    await expect(store.call(gameBySlug.GET, "/x", { params: { id: "doors" } })).rejects.toThrow("the route's parameters are [slug], the test passes [id]");
  });

  it("names the handler by its method and route when it refuses", async () => {
    await expect(store.call(cart.DELETE, "/api/games")).rejects.toThrow("the handler is DELETE /api/cart");
  });

  it("lets a test's own handler stand in only where no file route answers", async () => {
    const own = () => json({ ok: true });
    expect((await store.call(own, "/api/echo")).body).toEqual({ ok: true });
    await expect(store.call(own, "/api/cart")).rejects.toThrow("the manifest routes this path to /api/cart");
  });
});

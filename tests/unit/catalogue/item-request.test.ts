import { describe, expect, it } from "vitest";
import { ITEM_REQUEST_RATE, itemRequestProblem, type ItemRequest } from "#domain/catalogue/item-request.ts";
import type { ItemRequestRepository } from "#domain/catalogue/item-request-repository.port.ts";
import { submitItemRequest } from "#domain/catalogue/submit-item-request.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";

describe("itemRequestProblem (the form's rules, spec wording)", () => {
  it.each([
    [{ itemName: "", email: "a@b.co", description: "" }, "Please enter an item name"],
    [{ itemName: "  ", email: "a@b.co", description: "" }, "Please enter an item name"],
    [{ itemName: "X", email: " ", description: "" }, "Please enter your email address"],
    [{ itemName: "X", email: "a@b", description: "" }, "Please enter a valid email address"],
    [{ itemName: "X", email: "a@@b.co", description: "" }, "Please enter a valid email address"],
    [{ itemName: "X", email: "a@b.co", description: "d".repeat(2001) }, "Description is at most 2000 characters"],
    [{ itemName: "X", email: "a@b.co", description: "" }, null],
    [{ itemName: "X", email: " a@b.co ", description: "optional" }, null],
  ])("%j -> %s", (input, expected) => {
    expect(itemRequestProblem(input)).toBe(expected);
  });
});

function fakeRequests(gameIds: string[]) {
  const stored: { request: ItemRequest; clientKey: string }[] = [];
  const repo: ItemRequestRepository = {
    gameExists: async (id) => gameIds.includes(id),
    countRecent: async ({ email, clientKey }, since) =>
      stored.filter((s) => s.request.createdAt >= since && (s.request.email === email || s.clientKey === clientKey)).length,
    add: async (request, clientKey) => {
      stored.push({ request, clientKey });
    },
  };
  return { stored, repo };
}

describe("submitItemRequest", () => {
  let now = new Date("2026-11-21T10:00:00.000Z");
  const clock = { now: () => now };

  it("stores a trimmed request with a lower-cased email and the time from the clock", async () => {
    const { stored, repo } = fakeRequests(["g1"]);
    const request = await submitItemRequest(
      { gameId: "g1", itemName: " Kitsune ", email: " Me@X.io ", description: " pls ", clientKey: "k" },
      { requests: repo, clock, ids: sequentialIds("req") },
    );
    expect(request).toEqual({ id: "req-1", gameId: "g1", itemName: "Kitsune", email: "me@x.io", description: "pls", createdAt: "2026-11-21T10:00:00.000Z" });
    expect(stored).toEqual([{ request, clientKey: "k" }]);
  });

  it("refuses invalid input and unknown games without storing anything", async () => {
    const { stored, repo } = fakeRequests(["g1"]);
    const deps = { requests: repo, clock, ids: sequentialIds() };
    await expect(submitItemRequest({ gameId: "g1", itemName: "", email: "a@b.co", description: "", clientKey: "k" }, deps)).rejects.toMatchObject({
      kind: "invalid",
      message: "Please enter an item name",
    });
    await expect(submitItemRequest({ gameId: "nope", itemName: "X", email: "a@b.co", description: "", clientKey: "k" }, deps)).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(stored).toEqual([]);
  });

  it(`allows ${ITEM_REQUEST_RATE.max} requests per minute per email or client, then is rate limited until the window passes`, async () => {
    const { repo } = fakeRequests(["g1"]);
    const deps = { requests: repo, clock, ids: sequentialIds() };
    now = new Date("2026-11-21T10:00:00.000Z");
    for (let i = 0; i < ITEM_REQUEST_RATE.max; i++)
      await submitItemRequest({ gameId: "g1", itemName: "X", email: "a@b.co", description: "", clientKey: `k${i}` }, deps);
    await expect(submitItemRequest({ gameId: "g1", itemName: "X", email: "A@B.CO", description: "", clientKey: "other" }, deps)).rejects.toMatchObject({
      kind: "rate_limited",
    });
    now = new Date(now.getTime() + ITEM_REQUEST_RATE.windowMs + 1);
    await expect(submitItemRequest({ gameId: "g1", itemName: "X", email: "a@b.co", description: "", clientKey: "k" }, deps)).resolves.toMatchObject({
      itemName: "X",
    });
  });
});

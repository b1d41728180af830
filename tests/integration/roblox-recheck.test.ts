import { describe, expect, it } from "vitest";
import * as adminOrders from "#src/pages/api/admin/orders.ts";
import * as deliveryQueue from "#src/pages/api/admin/delivery-queue.ts";
import * as orders from "#src/pages/api/orders/index.ts";
import * as status from "#src/pages/api/orders/[id]/status.ts";
import { manualClock } from "../fakes/in-memory-support.ts";
import { captureCall, preparedPayment, product, signIn, signInAdmin } from "./helpers/shoppers.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Names that went through "not checked" are asked again by the late-order job's runs, and checked
// accounts once more when their delivery starts, against the Roblox fixture server (tests/fixtures/roblox).
// A fixed day: the fixture accounts' ages at Roblox are read from it.
const clock = manualClock("2026-12-01T12:00:00.000Z");
// SLA_CHECK_SECONDS 0: the job's timer never runs here; each test runs it by hand, like a timer would.
const store = await createTestApp({ clock, env: { ROBLOX_TIMEOUT_SECONDS: "0.3", SLA_CHECK_SECONDS: "0", DELIVERY_SLA_MINUTES: "600" } });
const admin = await signInAdmin(store);
let n = 0;
const shopper = () => signIn(store, `recheck${++n}@shop.test`);
const MINUTE = 60_000;

/** A paid order for `username`, placed while Roblox could not be reached ("not checked"). */
async function uncheckedOrder(username: string, item = "Dragon Fruit (Permanent)") {
  const buyer = await shopper();
  const { id } = await product(store, item);
  store.roblox.down();
  try {
    const { paymentId } = await preparedPayment(buyer, id, 1, { robloxUsername: username });
    expect((await captureCall(buyer, paymentId)).status).toBe(201);
  } finally {
    store.roblox.up();
  }
  const mine = (await buyer.call(orders.GET, "/api/orders")).body[0];
  expect(mine.roblox.verified).toBe(false);
  return { buyer, order: mine as { id: string } };
}

async function staffView(orderId: string) {
  const body = (await admin.call(adminOrders.GET, "/api/admin/orders", { query: { search: orderId } })).body;
  return (Array.isArray(body) ? body : body.orders).find((o: { id: string }) => o.id === orderId);
}

/** A run of the job, after the Roblox adapter's back-off and the retry interval passed. */
async function laterRun(app = store.app) {
  clock.advance(2 * MINUTE);
  return app.lateOrders.runOnce().then(() => app.ordering.recheckRecipients());
}

describe("the re-check of Roblox recipients", () => {
  it("confirms a name that went through not checked: the order gets the user id, display name and avatar, and the account's age is a risk fact", async () => {
    const { buyer, order } = await uncheckedOrder("Fresh_Player");
    await laterRun();
    const mine = (await buyer.call(orders.GET, "/api/orders")).body[0];
    expect(mine.roblox).toMatchObject({
      userId: 90000003,
      name: "Fresh_Player",
      displayName: "Fresh",
      avatarUrl: expect.stringMatching(/^https:\/\/tr\.rbxcdn\.com\//),
      verified: true,
      flag: null,
    });
    const staff = await staffView(order.id);
    // Fresh_Player was made at Roblox on 2026-11-30 (tests/fixtures/roblox/accounts.json).
    expect(staff.risk.reasons).toContain("The Roblox account was created 1 day ago");
    // Asked once: a confirmed name is not asked again.
    const asked = store.roblox.calls.filter((c) => c.route === "usernames" && JSON.stringify(c.body).includes("Fresh_Player")).length;
    await laterRun();
    expect(store.roblox.calls.filter((c) => c.route === "usernames" && JSON.stringify(c.body).includes("Fresh_Player")).length).toBe(asked);
  });

  it("flags an unknown or banned account to staff, on the order and in the Delivery queue, instead of confirming it", async () => {
    const missing = await uncheckedOrder("Nobody_Here");
    const banned = await uncheckedOrder("Banned_Trader");
    await laterRun();
    expect((await staffView(missing.order.id)).roblox).toMatchObject({ verified: false, flag: "not_found" });
    expect((await staffView(banned.order.id)).roblox).toMatchObject({ verified: false, flag: "banned" });
    const queue = (await admin.call(deliveryQueue.GET, "/api/admin/delivery-queue")).body.orders as { id: string; roblox: { flag: string | null } }[];
    expect(queue.find((o) => o.id === missing.order.id)?.roblox.flag).toBe("not_found");
    // The flag is for staff: the shopper's own answer does not carry it.
    expect((await missing.buyer.call(orders.GET, "/api/orders")).body[0].roblox.flag).toBeNull();
    // A flagged order is not asked again.
    const before = store.roblox.calls.length;
    await laterRun();
    expect(store.roblox.calls.slice(before).filter((c) => JSON.stringify(c.body ?? "").includes("Nobody_Here"))).toEqual([]);
  });

  it("keeps a not-checked name for a later run while Roblox is still down", async () => {
    const { order } = await uncheckedOrder("Still_Offline");
    clock.advance(2 * MINUTE);
    store.roblox.down();
    try {
      await store.app.ordering.recheckRecipients();
    } finally {
      store.roblox.up();
    }
    expect((await staffView(order.id)).roblox).toMatchObject({ verified: false, flag: null });
    await laterRun();
    expect((await staffView(order.id)).roblox).toMatchObject({ verified: true, name: "Still_Offline" });
  });

  it("asks a checked account again when its delivery starts: renamed since the order is shown to staff and is a risk fact", async () => {
    const buyer = await shopper();
    const { id } = await product(store, "Kitsune Fruit (Permanent)");
    const { paymentId } = await preparedPayment(buyer, id, 1, { robloxUsername: "Builder_42" });
    expect((await captureCall(buyer, paymentId)).status).toBe(201);
    const placed = (await buyer.call(orders.GET, "/api/orders")).body[0];
    // Not started yet: nothing to ask.
    const before = store.roblox.calls.length;
    await store.app.ordering.recheckRecipients();
    expect(store.roblox.calls.length).toBe(before);
    store.roblox.rename(4212042, "Builder_Renamed");
    clock.advance(11 * MINUTE); // past the directory's cache of the account (10 minutes)
    const started = await admin.call(status.PATCH, `/api/orders/${placed.id}/status`, {
      method: "PATCH",
      params: { id: placed.id },
      body: { status: "processing" },
    });
    expect(started.status).toBe(200);
    await store.app.ordering.recheckRecipients();
    const staff = await staffView(placed.id);
    expect(staff.roblox).toMatchObject({ userId: 4212042, name: "Builder_42", renamedTo: "Builder_Renamed", flag: null });
    expect(staff.risk.reasons).toContain("The Roblox account has been renamed since the order");
    store.roblox.rename(4212042, "Builder_42");
  });

  it("records each answer once when two processes run the job at the same moment", async () => {
    const placed: Awaited<ReturnType<typeof uncheckedOrder>>[] = [];
    for (const name of ["Twin_One", "Twin_Two", "Twin_Three"]) placed.push(await uncheckedOrder(name));
    clock.advance(2 * MINUTE);
    const other = store.sibling();
    const before = store.roblox.calls.length;
    // At the same moment (on SQLite one of them may find the file locked: its claims wait for the retry interval).
    const runs = await Promise.allSettled([store.app.ordering.recheckRecipients(), other.ordering.recheckRecipients()]);
    clock.advance(2 * MINUTE);
    const again = await other.ordering.recheckRecipients();
    const all = [...runs.flatMap((r) => (r.status === "fulfilled" ? r.value : [])), ...again].filter((r) => placed.some((p) => p.order.id === r.orderId));
    expect(all.map((r) => r.orderId).sort()).toEqual(placed.map((p) => p.order.id).sort());
    // Each name asked of Roblox once in all, whichever process took it.
    const asked = store.roblox.calls.slice(before).filter((c) => c.route === "usernames");
    for (const name of ["Twin_One", "Twin_Two", "Twin_Three"]) expect(asked.filter((c) => JSON.stringify(c.body).includes(name))).toHaveLength(1);
    for (const p of placed) expect((await staffView(p.order.id)).roblox.verified).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import * as announcement from "#src/pages/api/announcement.ts";
import * as presence from "#src/pages/api/admin/presence.ts";
import * as settings from "#src/pages/api/admin/settings/index.ts";
import * as announcementSettings from "#src/pages/api/admin/settings/announcement.ts";
import * as figuresSettings from "#src/pages/api/admin/settings/figures.ts";
import * as supportSettings from "#src/pages/api/admin/settings/support.ts";
import * as endorsementsSettings from "#src/pages/api/admin/settings/endorsements.ts";
import * as adminCodes from "#src/pages/api/admin/discount-codes/index.ts";
import * as status from "#src/pages/api/support/status.ts";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as messages from "#src/pages/api/support/conversations/[id]/messages.ts";
import { readShopFigures } from "#read-models/storefront/shop-figures.queries.ts";
import { readCatalogueStamp } from "#read-models/storefront/catalogue-version.query.ts";
import { manualClock } from "../fakes/in-memory-support.ts";
import { administrator, joinStaff, PASSWORD, type Browser } from "./helpers/accounts.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import { createTestApp } from "./helpers/test-app.ts";
import { EMPTY_DISCOUNT_FORM } from "#src/lib/admin-ops.ts";

// Issue 36: everything the shop tells a shopper comes from its data or its owner's words. An empty
// store (no demo data) says nothing it cannot back.
const clock = manualClock("2026-11-27T10:00:00.000Z");
const store = await createTestApp({ seed: false, clock });
const { browser: owner } = await administrator(store);
const minutes = (n: number) => n * 60_000;

async function staffSignedIn(email: string, role: "support" | "manager"): Promise<Browser> {
  await joinStaff(store, owner, email, role);
  const browser = store.client();
  expect((await browser.call(adminLogin.POST, "/api/auth/login", { body: { email, password: PASSWORD } })).status).toBe(200);
  return browser;
}

const readStatus = () => store.call(status.GET, "/api/support/status");
const heartbeat = (browser: Browser, tab = "support") => browser.call(presence.POST, "/api/admin/presence", { body: { tab } });
const seenAt = async () => (await store.app.db.selectFrom("staff_presence").select(["userId", "seenAt"]).orderBy("userId").execute()).map((r) => r.seenAt);

describe("GET /api/support/status", () => {
  it("an empty store: nobody online, no measured wait, no hours", async () => {
    expect((await readStatus()).body).toEqual({ online: false, agentsOnline: 0, medianFirstReplyMinutes: null, hours: null });
  });

  it("counts staff whose Support or Orders tab sent a heartbeat in the last 3 minutes; writes at most once a minute each", async () => {
    const agent = await staffSignedIn("agent@shop.test", "support");
    clock.advance(minutes(1));
    expect((await heartbeat(owner)).status).toBe(204);
    expect((await heartbeat(agent, "orders")).status).toBe(204);
    expect((await readStatus()).body).toMatchObject({ online: true, agentsOnline: 2 });

    // A second heartbeat within the minute changes nothing; after it, the time moves.
    const first = await seenAt();
    clock.advance(30_000);
    await heartbeat(owner);
    expect(await seenAt()).toEqual(first);
    clock.advance(31_000);
    await heartbeat(owner);
    expect(await seenAt()).not.toEqual(first);

    // The agent leaves; 3 minutes after their last heartbeat they no longer count (the answer is cached 10 s).
    clock.advance(minutes(2) + 1000);
    expect((await readStatus()).body).toMatchObject({ online: true, agentsOnline: 1 });
    clock.advance(minutes(2));
    expect((await readStatus()).body).toMatchObject({ online: false, agentsOnline: 0 });
  });

  it("refuses a heartbeat from a shopper, a guest, or for a tab that is not an answering one", async () => {
    expect((await store.call(presence.POST, "/api/admin/presence", { body: { tab: "support" } })).status).toBe(401);
    expect((await heartbeat(owner, "settings")).status).toBe(400);
  });

  it("the wait is the median first reply of the last 7 days, measured from the messages", async () => {
    const ask = async (replyAfterMinutes: number | null) => {
      const shopper = store.client();
      const started = await shopper.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } });
      const id = started.body.id as string;
      expect((await shopper.call(messages.POST, "/x", { params: { id }, body: { message: "Where is my order?" } })).status).toBe(201);
      if (replyAfterMinutes !== null) {
        clock.advance(minutes(replyAfterMinutes));
        expect((await owner.call(messages.POST, "/x", { params: { id }, body: { message: "On its way" } })).status).toBe(201);
      }
      return { shopper, id };
    };
    // Old conversations fall out of the window.
    await ask(60);
    clock.advance(8 * 86_400_000);
    await ask(2);
    await ask(4);
    await ask(9);
    const waiting = await ask(null);
    clock.advance(11_000);
    expect((await readStatus()).body.medianFirstReplyMinutes).toBe(4);

    // The shopper waiting sees their place in the queue; one behind them sees 2.
    const behind = await ask(null);
    const place = async (who: { shopper: Browser; id: string }) =>
      ((await who.shopper.call(conversations.GET, "/api/support/conversations")).body as { id: string; queuePosition: number | null }[]).find(
        (c) => c.id === who.id,
      )?.queuePosition;
    expect(await place(waiting)).toBe(1);
    expect(await place(behind)).toBe(2);
    await owner.call(messages.POST, "/x", { params: { id: waiting.id }, body: { message: "Hi!" } });
    expect(await place(waiting)).toBeNull();
    expect(await place(behind)).toBe(1);
  });
});

describe("the Settings tab and what the storefront shows", () => {
  it("an empty store shows no figures and no announcement", async () => {
    expect(await readShopFigures(store.app.db)).toEqual({ rating: null, customers: null });
    expect((await store.call(announcement.GET, "/api/announcement")).status).toBe(204);
  });

  it("the owner's stated figures need a source link; saving bumps the catalogue version (cached pages follow)", async () => {
    const bad = await owner.call(figuresSettings.PUT, "/x", {
      body: { rating: { text: "Rated 4.6 on Trustpilot", sourceUrl: "javascript:alert(1)" }, customers: null },
    });
    expect(bad.status).toBe(400);
    const before = (await readCatalogueStamp(store.app.db, clock.now())).version;
    const rating = { text: "Rated 4.6 on Trustpilot", sourceUrl: "https://www.trustpilot.com/review/shop.test" };
    expect((await owner.call(figuresSettings.PUT, "/x", { body: { rating, customers: null } })).status).toBe(204);
    expect((await readCatalogueStamp(store.app.db, clock.now())).version).toBeGreaterThan(before);
    expect(await readShopFigures(store.app.db)).toEqual({ rating, customers: null });
    expect((await owner.call(supportSettings.PUT, "/x", { body: { hours: " Mon-Fri 9:00-18:00 UTC " } })).status).toBe(204);
    expect((await owner.call(settings.GET, "/x")).body).toMatchObject({ figures: { rating }, support: { hours: "Mon-Fri 9:00-18:00 UTC" } });
  });

  it("an empty store names no creator; the owner's endorsements each need a name and the https link where they said it (issue 47)", async () => {
    expect((await owner.call(settings.GET, "/x")).body.endorsements).toEqual({ creators: [] });
    const put = (creators: unknown) => owner.call(endorsementsSettings.PUT, "/x", { body: { creators } });
    const link = "https://www.youtube.com/watch?v=abc123";
    for (const bad of [
      [{ name: "Real Creator", sourceUrl: "http://www.youtube.com/watch?v=abc123" }],
      [{ name: "Real Creator", sourceUrl: "javascript:alert(1)" }],
      [{ name: " ", sourceUrl: link }],
      [{ name: "Real Creator" }],
      [{ name: "Real Creator", sourceUrl: link, verified: true }],
      Array.from({ length: 13 }, (_, i) => ({ name: `Creator ${i}`, sourceUrl: link })),
    ]) {
      expect((await put(bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await owner.call(settings.GET, "/x")).body.endorsements).toEqual({ creators: [] });
    const before = (await readCatalogueStamp(store.app.db, clock.now())).version;
    expect((await put([{ name: " Real Creator ", sourceUrl: link }])).status).toBe(204);
    expect((await readCatalogueStamp(store.app.db, clock.now())).version).toBeGreaterThan(before);
    expect((await owner.call(settings.GET, "/x")).body.endorsements).toEqual({ creators: [{ name: "Real Creator", sourceUrl: link }] });
    expect((await put([])).status).toBe(204);
    expect((await owner.call(settings.GET, "/x")).body.endorsements).toEqual({ creators: [] });
  });

  it("a support agent may not change the settings", async () => {
    const agent = await staffSignedIn("agent2@shop.test", "support");
    expect((await agent.call(announcementSettings.PUT, "/x", { body: { text: "Free Robux", sale: null } })).status).toBe(403);
  });

  it("the standing announcement has no timer; a scheduled sale counts down to its real end, says the code's percentage, then is gone", async () => {
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: "New games every week", sale: null } })).status).toBe(204);
    expect((await store.call(announcement.GET, "/x")).body).toEqual({ text: "New games every week", endsAt: null, maxDiscountPercent: null });

    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
    const sale = (discountCode: string | null, startsAt = at(minutes(60)), endsAt = at(minutes(180))) => ({
      text: "Black Friday",
      startsAt,
      endsAt,
      discountCode,
    });
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: sale("NOPE") } })).body).toEqual({
      error: "No discount code with that name",
    });
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: sale(null, at(minutes(60)), at(minutes(30))) } })).status).toBe(400);
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: sale(null, at(-minutes(60)), at(-minutes(1))) } })).status).toBe(400);

    const code = { ...EMPTY_DISCOUNT_FORM, code: "FRIDAY30", amount: 30 };
    expect((await owner.call(adminCodes.POST, "/x", { body: code })).status).toBe(201);
    const scheduled = sale("friday30");
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: "New games every week", sale: scheduled } })).status).toBe(204);
    // Before the start: the standing text.
    expect((await store.call(announcement.GET, "/x")).body.endsAt).toBeNull();
    clock.advance(minutes(61));
    expect((await store.call(announcement.GET, "/x")).body).toEqual({ text: "Black Friday", endsAt: scheduled.endsAt, maxDiscountPercent: 30 });
    clock.advance(minutes(120));
    expect((await store.call(announcement.GET, "/x")).body).toEqual({ text: "New games every week", endsAt: null, maxDiscountPercent: null });
    expect((await owner.call(announcementSettings.PUT, "/x", { body: { text: null, sale: null } })).status).toBe(204);
    expect((await store.call(announcement.GET, "/x")).status).toBe(204);
  });
});

import { describe, expect, it } from "vitest";
import { MAX_SCREENSHOT_BYTES } from "#domain/reviews/submission.ts";
import * as submissionById from "#src/pages/api/admin/submissions/[id].ts";
import * as submissions from "#src/pages/api/admin/submissions/index.ts";
import * as user from "#src/pages/api/auth/user.ts";
import * as points from "#src/pages/api/points/index.ts";
import sharp from "sharp";
import { jpegWithGps, pngDeclaring } from "../support/images.ts";
import * as submit from "#src/pages/api/trustpilot-submit.ts";
import * as screenshot from "#src/pages/uploads/reviews/[file].ts";
import { administrator, shopper } from "./helpers/accounts.ts";
import { dataUrl, expectLedgersBalanced, PNG_BASE64, PNG_DATA_URL } from "./helpers/rewards.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { storedNames } from "../support/stored-files.ts";

const store = await createTestApp({ seed: false });
const admin = await administrator(store);
const uploads = () => storedNames(store.app.fileStore, "reviews");
const PNG = new Uint8Array(Buffer.from(PNG_BASE64, "base64"));

async function upload(browser: Awaited<ReturnType<typeof shopper>>["browser"], screenshotUrl = PNG_DATA_URL, extra: object = {}) {
  return browser.call(submit.POST, "/api/trustpilot-submit", { body: { screenshotUrl, userId: null, ...extra } });
}

const decide = (id: string, body: object, browser = admin.browser) =>
  browser.call(submissionById.PATCH, `/api/admin/submissions/${id}`, { method: "PATCH", params: { id }, body });

async function eventsOf(type: string) {
  return store.app.db.selectFrom("events").select(["type", "userId", "visitorId", "payload"]).where("type", "=", type).orderBy("id").execute();
}

describe(`POST /api/trustpilot-submit on ${TEST_DATABASE}`, () => {
  it("stores the screenshot and creates a pending submission (201) with a ReviewSubmitted event", async () => {
    const { browser, id } = await shopper(store, "reviewer@shop.test");
    const res = await upload(browser);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      userId: id,
      status: "pending",
      screenshotUrl: expect.stringMatching(/^\/uploads\/reviews\/[\w-]+\.png$/),
      createdAt: expect.any(String),
      adminNotes: null,
    });
    expect(await uploads()).toContain(res.body.screenshotUrl.split("/").pop());
    const visitorId = browser.jar.get("shop_visitor")!.split(".")[0];
    expect((await eventsOf("ReviewSubmitted")).at(-1)).toEqual({
      type: "ReviewSubmitted",
      userId: id,
      visitorId,
      payload: JSON.stringify({ submissionId: res.body.id }),
    });
    // The Points tab shows it with its status.
    expect((await browser.call(points.GET, "/api/points")).body.submission).toEqual({
      id: res.body.id,
      status: "pending",
      screenshotUrl: res.body.screenshotUrl,
      createdAt: res.body.createdAt,
    });
  });

  it("answers 401 to visitors and stores nothing", async () => {
    const before = (await uploads()).length;
    const res = await store.call(submit.POST, "/api/trustpilot-submit", { body: { screenshotUrl: PNG_DATA_URL, userId: "someone" } });
    expect(res.status).toBe(401);
    expect((await uploads()).length).toBe(before);
  });

  it("a forged userId in the body changes nothing: the submission is the session user's", async () => {
    const victim = await shopper(store, "victim@shop.test");
    const forger = await shopper(store, "forger@shop.test");
    const res = await upload(forger.browser, PNG_DATA_URL, { userId: victim.id });
    expect(res.status).toBe(201);
    expect(res.body.userId).toBe(forger.id);
    const rows = await store.app.db.selectFrom("submissions").select("userId").where("userId", "in", [victim.id, forger.id]).execute();
    expect(rows).toEqual([{ userId: forger.id }]);
  });

  it("refuses bytes that are not an image (400), whatever the data URL claims, and non-data-URLs", async () => {
    const { browser } = await shopper(store, "notimage@shop.test");
    const before = (await uploads()).length;
    const text = await upload(browser, dataUrl(new TextEncoder().encode("just some text, not a picture"), "image/png"));
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: "The screenshot must be an image file (PNG, JPEG, WebP or GIF)" });
    const svg = await upload(browser, dataUrl(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "image/svg+xml"));
    expect(svg.status).toBe(400);
    for (const bad of ["https://example.com/shot.png", "data:image/png,not-base64", "data:image/png;base64,@@@@", "", 42]) {
      const res = await upload(browser, bad as string);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/Screenshot url/);
    }
    expect((await browser.call(submit.POST, "/api/trustpilot-submit", { rawBody: "{not json" })).status).toBe(400);
    expect((await uploads()).length).toBe(before);
    // A real image claimed as text is still an image: the bytes decide.
    expect((await upload(browser, dataUrl(PNG, "text/plain"))).status).toBe(201);
  });

  it("refuses a screenshot over 5 MB with 413 (decoded size and body size), storing nothing", async () => {
    const { browser } = await shopper(store, "big@shop.test");
    const before = (await uploads()).length;
    const justOver = new Uint8Array(MAX_SCREENSHOT_BYTES + 1);
    justOver.set(PNG);
    const res = await upload(browser, dataUrl(justOver));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: "The screenshot must be at most 5 MB" });
    const huge = new Uint8Array(MAX_SCREENSHOT_BYTES + 200 * 1024);
    huge.set(PNG);
    const body = await upload(browser, dataUrl(huge));
    expect(body.status).toBe(413);
    expect(body.body.error).toMatch(/The request body is larger than/);
    expect((await uploads()).length).toBe(before);
    // Exactly 5 MB is accepted.
    const exactly = new Uint8Array(MAX_SCREENSHOT_BYTES);
    exactly.set(PNG);
    expect((await upload(browser, dataUrl(exactly))).status).toBe(201);
  });

  it("allows one pending submission per user at a time (409), also for uploads fired together", async () => {
    const { browser, id } = await shopper(store, "twice@shop.test");
    const results = await Promise.all([1, 2, 3].map(() => upload(browser)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual({ error: "You already have a review screenshot waiting for approval" });
    const rows = await store.app.db.selectFrom("submissions").select(["file"]).where("userId", "=", id).execute();
    expect(rows).toHaveLength(1);
    // The refused uploads left no files behind.
    expect((await uploads()).filter((f) => f === rows[0]!.file)).toHaveLength(1);
    const again = await upload(browser);
    expect(again.status).toBe(409);
  });
});

describe("the screenshot's URL", () => {
  it("metadata is stripped from stored screenshots: the camera's GPS position and the owner's name are gone", async () => {
    const owner = await shopper(store, "gps-shot@shop.test");
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { status, body } = await upload(owner.browser, `data:image/jpeg;base64,${photo.toString("base64")}`);
    expect(status).toBe(201);
    const raw = await rawGet(owner.browser, body.screenshotUrl.split("/").pop() as string);
    const kept = Buffer.from(raw.bytes);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
    expect(kept.includes(Buffer.from("Jamie Shopper"))).toBe(false);
    expect(await sharp(kept).metadata()).toMatchObject({ format: "jpeg", width: 4, height: 3 });
  });

  it("a 278-byte PNG declaring 100,000 x 100,000 pixels is not stored as a review screenshot (400)", async () => {
    const owner = await shopper(store, "bomb-shot@shop.test");
    const before = (await uploads()).length;
    const res = await upload(owner.browser, `data:image/png;base64,${pngDeclaring(100_000, 100_000).toString("base64")}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/at most 40 megapixels/);
    expect((await uploads()).length).toBe(before);
  });

  it("serves the bytes to the owner and administrators only (401 visitors, 403 others, 404 unknown)", async () => {
    const owner = await shopper(store, "owner-shot@shop.test");
    const other = await shopper(store, "other-shot@shop.test");
    const { body } = await upload(owner.browser);
    const file = body.screenshotUrl.split("/").pop() as string;
    const get = (browser: typeof owner.browser, name = file) => browser.call(screenshot.GET, `/uploads/reviews/${name}`, { params: { file: name } });

    const raw = await rawGet(owner.browser, file);
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("image/png");
    expect(raw.headers.get("cache-control")).toMatch(/private/);
    expect(await sharp(Buffer.from(raw.bytes)).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect((await rawGet(admin.browser, file)).status).toBe(200);
    const refused = await get(other.browser);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "You don't have access to this" });
    expect((await get(store.client())).status).toBe(401);
    expect((await get(owner.browser, "no-such-file.png")).status).toBe(404);
    expect((await get(owner.browser, "..%2F..%2Fshop.db")).status).toBe(404);
  });
});

/** The test client reads JSON; an image needs its raw bytes. */
async function rawGet(browser: { jar: Map<string, string> }, file: string) {
  const { handleRequest } = await import("#server/request-pipeline.ts");
  const url = new URL(`/uploads/reviews/${file}`, store.config.publicUrl);
  const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const request = new Request(url, { headers: { cookie } });
  const response = await handleRequest(request, store.app, "10.9.9.9", async (state) =>
    screenshot.GET({ request, params: { file }, url, locals: { app: store.app, ...state } }),
  );
  return { status: response.status, headers: response.headers, bytes: await response.arrayBuffer() };
}

describe("admin: GET /api/admin/submissions and PATCH /api/admin/submissions/{id}", () => {
  it("lists submissions with the spec's fields, newest first", async () => {
    const { browser, id } = await shopper(store, "listed@shop.test");
    const created = (await upload(browser)).body;
    const res = await admin.browser.call(submissions.GET, "/api/admin/submissions");
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({
      id: created.id,
      userId: id,
      email: "listed@shop.test",
      status: "pending",
      screenshotUrl: created.screenshotUrl,
      createdAt: created.createdAt,
      adminNotes: null,
      decidedAt: null,
    });
  });

  it("approval credits 300 points once, with a ReviewDecided event; approving again or rejecting is 409", async () => {
    const { browser, id } = await shopper(store, "approved@shop.test");
    const { id: submissionId } = (await upload(browser)).body;
    const res = await decide(submissionId, { status: "approved", adminNotes: "  Thanks for the review!  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: submissionId, userId: id, status: "approved", adminNotes: "Thanks for the review!", decidedAt: expect.any(String) });
    expect((await browser.call(user.GET, "/api/auth/user")).body).toMatchObject({ points: 300, storeCredit: "0.00" });
    const pointsTab = (await browser.call(points.GET, "/api/points")).body;
    expect(pointsTab).toMatchObject({ points: 300, value: "0.06", redeemablePoints: 0, submission: { id: submissionId, status: "approved" } });
    expect(pointsTab.history).toEqual([
      { id: expect.any(String), amount: 300, reason: "review_approved", label: "Review screenshot approved", createdAt: expect.any(String) },
    ]);
    expect((await eventsOf("ReviewDecided")).at(-1)).toEqual({
      type: "ReviewDecided",
      userId: admin.id,
      visitorId: null,
      payload: JSON.stringify({ submissionId, status: "approved" }),
    });
    await expectLedgersBalanced(store.app.db);

    const twice = await decide(submissionId, { status: "approved", adminNotes: null });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: "This submission is already approved; only pending submissions can be approved or rejected" });
    expect((await decide(submissionId, { status: "rejected" })).status).toBe(409);
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(300);
    await expectLedgersBalanced(store.app.db);
  });

  it("rejection credits nothing; a rejected submission cannot be approved later; the shopper may submit again", async () => {
    const { browser } = await shopper(store, "rejected@shop.test");
    const { id: submissionId } = (await upload(browser)).body;
    expect((await decide(submissionId, { status: "rejected", adminNotes: "Not a review of our shop" })).body.status).toBe("rejected");
    const late = await decide(submissionId, { status: "approved" });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe("This submission is already rejected; only pending submissions can be approved or rejected");
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(0);
    expect((await upload(browser)).status).toBe(201);
    await expectLedgersBalanced(store.app.db);
  });

  it("concurrent approvals of one submission: exactly one succeeds and 300 points are credited once", async () => {
    const { browser, id } = await shopper(store, "race@shop.test");
    const { id: submissionId } = (await upload(browser)).body;
    const results = await Promise.all(Array.from({ length: 6 }, () => decide(submissionId, { status: "approved" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const ledger = await store.app.db.selectFrom("points_ledger").select(["amount", "reason", "reference"]).where("userId", "=", id).execute();
    expect(ledger).toEqual([{ amount: 300, reason: "review_approved", reference: submissionId }]);
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(300);
    const decided = (await eventsOf("ReviewDecided")).filter((e) => JSON.parse(e.payload).submissionId === submissionId);
    expect(decided).toHaveLength(1);
    await expectLedgersBalanced(store.app.db);
  });

  it("refuses bad input (400) and unknown submissions (404), changing nothing", async () => {
    const { browser } = await shopper(store, "badinput@shop.test");
    const { id: submissionId } = (await upload(browser)).body;
    for (const body of [
      { status: "pending" },
      { status: "maybe" },
      {},
      { status: "approved", adminNotes: "x".repeat(2001) },
      { status: "approved", adminNotes: 5 },
    ]) {
      expect((await decide(submissionId, body)).status).toBe(400);
    }
    expect((await decide(submissionId, { status: "pending" })).body).toMatchObject({ error: 'status must be "approved" or "rejected"' });
    expect((await decide("no-such-id", { status: "approved" })).status).toBe(404);
    const row = await store.app.db.selectFrom("submissions").select("status").where("id", "=", submissionId).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("is for administrators only: 401 for visitors, 403 for shoppers (also on their own submission)", async () => {
    const { browser } = await shopper(store, "sneaky@shop.test");
    const { id: submissionId } = (await upload(browser)).body;
    expect((await store.call(submissions.GET, "/api/admin/submissions")).status).toBe(401);
    expect((await browser.call(submissions.GET, "/api/admin/submissions")).status).toBe(403);
    expect((await decide(submissionId, { status: "approved" }, store.client())).status).toBe(401);
    const self = await decide(submissionId, { status: "approved" }, browser);
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ error: "Only administrators can do this" });
    expect((await browser.call(user.GET, "/api/auth/user")).body.points).toBe(0);
  });
});

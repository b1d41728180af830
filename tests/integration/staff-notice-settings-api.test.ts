import { describe, expect, it } from "vitest";
import * as noticeSettings from "#src/pages/api/admin/notice-settings.ts";
import * as adminLogin from "#src/pages/api/auth/login.ts";
import { DEFAULT_NOTICE_SETTINGS } from "#domain/accounts/staff-notice-settings.ts";
import { administrator, joinStaff, PASSWORD, shopper } from "./helpers/accounts.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// The Notices menu's settings on the server (issue 38): each staff member reads and writes their
// own, per kind of new work; shoppers and guests none.
const store = await createTestApp();
const path = "/api/admin/notice-settings";

describe(`staff notice settings on ${TEST_DATABASE}`, () => {
  it("keeps each staff member's own choice per kind, refuses guests and shoppers, and checks the shape", async () => {
    const { browser: owner } = await administrator(store);
    await joinStaff(store, owner, "helper@shop.test", "support");
    const support = store.client();
    expect((await support.call(adminLogin.POST, "/api/auth/login", { body: { email: "helper@shop.test", password: PASSWORD } })).status).toBe(200);

    expect((await store.client().call(noticeSettings.GET, path)).status).toBe(401);
    const { browser: buyer } = await shopper(store, "buyer@shop.test");
    expect((await buyer.call(noticeSettings.GET, path)).status).toBe(403);
    expect((await buyer.call(noticeSettings.PUT, path, { method: "PUT", body: DEFAULT_NOTICE_SETTINGS })).status).toBe(403);

    // Never chosen: everything on.
    expect((await support.call(noticeSettings.GET, path)).body).toEqual(DEFAULT_NOTICE_SETTINGS);
    const quiet = { order: { sound: false, notification: true }, conversation: { sound: true, notification: false } };
    const saved = await support.call(noticeSettings.PUT, path, { method: "PUT", body: quiet });
    expect(saved.status).toBe(200);
    expect((await support.call(noticeSettings.GET, path)).body).toEqual(quiet);
    // Saved again (an update, not a second row), and the owner's own are untouched.
    const louder = { ...quiet, order: { sound: true, notification: true } };
    expect((await support.call(noticeSettings.PUT, path, { method: "PUT", body: louder })).status).toBe(200);
    expect((await support.call(noticeSettings.GET, path)).body).toEqual(louder);
    expect((await owner.call(noticeSettings.GET, path)).body).toEqual(DEFAULT_NOTICE_SETTINGS);

    for (const bad of [{ order: { sound: "yes", notification: true }, conversation: quiet.conversation }, { order: quiet.order }, []]) {
      expect((await support.call(noticeSettings.PUT, path, { method: "PUT", body: bad })).status).toBe(400);
    }
    expect((await support.call(noticeSettings.GET, path)).body).toEqual(louder);
  });
});

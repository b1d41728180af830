import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rotateSharedSecret, sharedSecrets } from "#adapters/auth/shared-secret.ts";
import { openDatabase } from "#adapters/db/database.ts";
import { verifyVisitorCookie, VISITOR_COOKIE } from "#adapters/auth/visitor-cookie.ts";
import * as cart from "#src/pages/api/cart/index.ts";
import * as user from "#src/pages/api/auth/user.ts";
import { createApp, openApp } from "#server/app.ts";
import { signIn } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const store = await createTestApp();
const HOUR = 3_600_000;

describe(`one signing secret for every process, rotated with a grace period, on ${TEST_DATABASE}`, () => {
  it("processes starting at once create the shared secret once and all read that one", async () => {
    // Five pools, as five processes would have, racing to create version 1.
    const pools = Array.from({ length: 5 }, () => openDatabase(store.config.databaseUrl));
    try {
      const fresh = await store.app.db.selectFrom("auth_secrets").select("version").execute();
      const answers = await Promise.all(pools.map((db) => sharedSecrets(db)));
      expect(new Set(answers.map((a) => a.current)).size).toBe(1);
      expect(answers[0]!.current.length).toBeGreaterThanOrEqual(43);
      const rows = await store.app.db.selectFrom("auth_secrets").select("version").execute();
      expect(rows.length).toBe(Math.max(1, fresh.length));
    } finally {
      for (const db of pools) await db.destroy();
    }
  });

  it.runIf(TEST_DATABASE === "postgres")("on PostgreSQL without AUTH_SECRET the app signs with the database's secret, not a DATA_DIR file", async () => {
    const { current } = await sharedSecrets(store.app.db);
    expect(store.app.secret).toBe(current);
    const other = await openApp(store.config);
    expect(other.secret).toBe(current);
    await other.db.destroy();
    expect(() => createApp(store.config)).toThrow(/openApp/);
  });

  it("a session and a guest's cart made before a rotation stay valid through the grace period, and not after it", async () => {
    const shopper = await signIn(store, "rotation@shop.test");
    const guest = store.client();
    expect((await guest.call(cart.GET, "/api/cart")).status).toBe(200);
    const guestId = guest.jar.get(VISITOR_COOKIE)!.split(".")[0];
    const old = store.app.secret;
    const next = randomBytes(32).toString("base64url");

    // A process started after the rotation: signs with the new secret, still verifies the old one.
    const after = createApp(store.config, { secrets: { current: next, previous: [old] } });
    const me = await shopper.call(user.GET, "/api/auth/user", { app: after });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe("rotation@shop.test");
    // The guest keeps their visitor id, and gets the cookie back signed with the new secret.
    const seen = await guest.call(cart.GET, "/api/cart", { app: after });
    expect(seen.status).toBe(200);
    expect(guest.jar.get(VISITOR_COOKIE)!.split(".")[0]).toBe(guestId);
    expect(verifyVisitorCookie(guest.jar.get(VISITOR_COOKIE), next)).toBe(guestId);

    // After the grace period the old secret verifies nothing: the session is not accepted.
    const later = createApp(store.config, { secrets: { current: next, previous: [] } });
    const shopperCopy = store.client();
    for (const [name, value] of shopper.jar) if (name !== VISITOR_COOKIE) shopperCopy.jar.set(name, value);
    expect((await shopperCopy.call(user.GET, "/api/auth/user", { app: later })).status).toBe(401);
    for (const app of [after, later]) await app.db.destroy();
  });

  it("rotating keeps the replaced secret verifying until its grace ends, then only the new one", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const before = await sharedSecrets(store.app.db, now);
    const { version, verifiesUntil } = await rotateSharedSecret(store.app.db, 24 * HOUR, now);
    expect(verifiesUntil).toBe("2030-01-02T00:00:00.000Z");
    const during = await sharedSecrets(store.app.db, new Date(now.getTime() + HOUR));
    expect(during.current).not.toBe(before.current);
    expect(during.previous).toContain(before.current);
    const afterGrace = await sharedSecrets(store.app.db, new Date(now.getTime() + 25 * HOUR));
    expect(afterGrace).toEqual({ current: during.current, previous: expect.not.arrayContaining([before.current]) });
    const rows = await store.app.db.selectFrom("auth_secrets").select("version").orderBy("version", "desc").execute();
    expect(rows[0]!.version).toBe(version);
  });
});

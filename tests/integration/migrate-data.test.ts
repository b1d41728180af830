import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#adapters/db/database.ts";
import { createTestPostgresDatabase, TEST_POSTGRES_URL } from "../support/postgres.ts";
import { TEST_DATABASE } from "./helpers/test-app.ts";

// Runs in the PostgreSQL pass of the integration suite (npm run test:integration:pg).
describe.skipIf(TEST_DATABASE !== "postgres" || !TEST_POSTGRES_URL)("npm run cli -- migrate-data", () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-migrate-"));
  const sqliteUrl = `file:${join(dir, "shop.db")}`;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/cli.ts", ...args], { env: { ...process.env, DATABASE_URL: sqliteUrl, LOG_LEVEL: "silent" }, encoding: "utf8" });

  it("copies a SQLite shop (catalogue, accounts, events) into an empty PostgreSQL database and verifies counts", async () => {
    expect(cli("seed").status).toBe(0);
    expect(cli("admin", "create", "--email", "boss@shop.test", "--password", "admin-password-1").status).toBe(0);
    const source = openDatabase(sqliteUrl);
    await source
      .insertInto("events")
      .values(
        [1, 2, 3].map((n) => ({ type: "PageViewed", version: 1, occurredAt: `2026-11-0${n}T10:00:00.000Z`, visitorId: `v${n}`, userId: null, payload: "{}" })),
      )
      .execute();
    await source.destroy();

    const target = await createTestPostgresDatabase();
    try {
      const run = cli("migrate-data", "--from", sqliteUrl, "--to", target.url);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/migrate-data: copied \d+ rows in \d+ tables; row counts verified/);
      expect(run.stdout).toMatch(/migrate-data: products: \d+ rows/);

      const pg = openDatabase(target.url);
      try {
        expect((await pg.selectFrom("games").select("slug").orderBy("displayOrder").execute())[0]).toEqual({ slug: "blox-fruits" });
        expect(await pg.selectFrom("user").select(["email", "isAdmin"]).execute()).toEqual([{ email: "boss@shop.test", isAdmin: true }]);
        const events = await pg.selectFrom("events").select(["id", "visitorId"]).orderBy("id").execute();
        expect(events.map((e) => e.visitorId)).toEqual(["v1", "v2", "v3"]);
        // The id sequence continues after the copied rows.
        const next = await pg
          .insertInto("events")
          .values({ type: "PageViewed", version: 1, occurredAt: "2026-11-04T10:00:00.000Z", visitorId: "v4", userId: null, payload: "{}" })
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(Number(next.id)).toBeGreaterThan(Number(events.at(-1)!.id));
      } finally {
        await pg.destroy();
      }

      const again = cli("migrate-data", "--from", sqliteUrl, "--to", target.url);
      expect(again.status).toBe(1);
      expect(again.stderr).toMatch(/the target is not empty/);
    } finally {
      await target.drop();
    }
  });
});

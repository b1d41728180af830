import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { insertUser } from "./helpers/user-rows.ts";
import { createTestOrder } from "./helpers/test-orders.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

// Two separate app processes run the late-order job at the same moment on one database (on
// PostgreSQL in the pg pass: FOR UPDATE SKIP LOCKED shares the orders out; on SQLite the file lock
// serialises them), then a third process starts afresh, as after a restart. Every late order is
// compensated exactly once: one ledger entry, one audit entry, one timeline line, one event.
const store = await createTestApp({ seed: false, env: { SLA_COMPENSATION_POINTS: "500" } });
const worker = join(import.meta.dirname, "helpers/late-order-worker.ts");
const { db } = store.app;

function startWorker() {
  const child = spawn(process.execPath, [worker], {
    env: {
      ...process.env,
      DATABASE_URL: store.config.databaseUrl,
      DATA_DIR: store.config.dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: store.config.publicUrl,
      SLA_COMPENSATION_POINTS: "500",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (err += chunk));
  const done = new Promise<{ compensated: string[]; marked: string[] }>((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`worker exited ${code}: ${err}`)))),
  );
  return { go: () => child.stdin.end("go\n"), done };
}

/** A paid order of `userId` whose promise was `dueMinutesAgo` minutes ago (negative: still ahead). */
async function order(id: string, userId: string, dueMinutesAgo: number, status = "pending") {
  await createTestOrder(db, id, userId);
  const due = new Date(Date.now() - dueMinutesAgo * 60_000);
  await db
    .updateTable("orders")
    .set({ status, paidAt: new Date(due.getTime() - 20 * 60_000).toISOString(), deliveryDueAt: due.toISOString() })
    .where("id", "=", id)
    .execute();
}

/** How many of the job's records of one kind there are: each must be written once, whichever process wrote it. */
const countOf = async (table: "audit_entries" | "order_timeline", kind: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("kind", "=", kind)
        .executeTakeFirstOrThrow()
    ).n,
  );
const countOfEvents = async (type: string) =>
  Number(
    (
      await db
        .selectFrom("events")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("type", "=", type)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`the late-order job in two app processes on ${TEST_DATABASE}`, () => {
  it("compensates every late order exactly once between them, and a restarted process compensates none again", { timeout: 120_000 }, async () => {
    const users = ["late-a", "late-b", "late-c", "late-d", "late-e"];
    for (const user of users) await insertUser(db, user);
    const late: string[] = [];
    for (let i = 0; i < 40; i++) {
      const id = `late-${String(i).padStart(2, "0")}`;
      await order(id, users[i % users.length]!, 1 + (i % 7), i % 3 === 0 ? "processing" : "pending");
      late.push(id);
    }
    await order("cancelled-late", "late-a", 5, "cancelled");
    await order("not-yet-due", "late-a", -15);
    await createTestOrder(db, "awaiting-payment", "late-b"); // no clock

    const [a, b] = [startWorker(), startWorker()];
    a.go();
    b.go();
    const [fromA, fromB] = await Promise.all([a.done, b.done]);
    const both = [...fromA.compensated, ...fromB.compensated];
    expect(fromA.compensated.filter((id) => fromB.compensated.includes(id))).toEqual([]);
    expect(both.sort()).toEqual(late);

    // A restart: a fresh process finds nothing left to compensate.
    const restarted = startWorker();
    restarted.go();
    expect(await restarted.done).toEqual({ compensated: [], marked: [] });

    const entries = await db
      .selectFrom("points_ledger")
      .select(["reference", "userId", "amount"])
      .where("reason", "=", "late_delivery")
      .orderBy("reference")
      .execute();
    expect(entries.map((e) => e.reference)).toEqual(late);
    expect(entries.every((e) => e.amount === 500)).toBe(true);
    for (const user of users) {
      const row = await db.selectFrom("user").select("points").where("id", "=", user).executeTakeFirstOrThrow();
      expect(row.points).toBe(500 * entries.filter((e) => e.userId === user).length);
    }
    expect(await countOf("audit_entries", "order.late")).toBe(40);
    expect(await countOf("order_timeline", "compensated")).toBe(40);
    expect(await countOf("order_timeline", "late")).toBe(40);
    expect(await countOfEvents("OrderCompensated")).toBe(40);
    const untouched = await db
      .selectFrom("orders")
      .select(["id", "lateAt", "compensatedAt"])
      .where("id", "in", ["cancelled-late", "not-yet-due", "awaiting-payment"])
      .orderBy("id")
      .execute();
    expect(untouched.every((o) => o.lateAt === null && o.compensatedAt === null)).toBe(true);
  });

  it(
    "grants each overdue cancel request and makes each owed refund exactly once between them, and none again after a restart",
    { timeout: 120_000 },
    async () => {
      await insertUser(db, "cancel-a");
      const longAgo = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
      const paid = async (id: string, status: string) => {
        await createTestOrder(db, id, "cancel-a");
        await db
          .updateTable("orders")
          .set({ status, paymentStatus: "paid", captureId: `CAPTURE-${id}`, paidAt: longAgo, deliveryDueAt: null })
          .where("id", "=", id)
          .execute();
      };
      const requested: string[] = [];
      const owed: string[] = [];
      for (let i = 0; i < 12; i++) {
        const id = `cancel-req-${String(i).padStart(2, "0")}`;
        await paid(id, "processing");
        await db
          .insertInto("cancel_requests")
          .values({ orderId: id, userId: "cancel-a", refundTo: i % 2 ? "credit" : "payment", requestedAt: longAgo })
          .execute();
        requested.push(id);
      }
      // Cancelled, and the process stopped before their refunds were made: only the owed rows are left.
      for (let i = 0; i < 8; i++) {
        const id = `cancel-owed-${i}`;
        await paid(id, "cancelled");
        await db
          .insertInto("cancel_refunds")
          .values({ orderId: id, destination: i % 2 ? "store_credit" : "payment", dueAt: longAgo })
          .execute();
        owed.push(id);
      }

      const [a, b] = [startWorker(), startWorker()];
      a.go();
      b.go();
      await Promise.all([a.done, b.done]);
      const restarted = startWorker();
      restarted.go();
      await restarted.done;

      const granted = await db.selectFrom("cancel_requests").select(["orderId", "status"]).where("orderId", "in", requested).execute();
      expect(granted.every((r) => r.status === "granted")).toBe(true);
      expect(await countOf("order_timeline", "cancel_granted")).toBe(requested.length);
      const refunds = await db
        .selectFrom("refunds")
        .select(["orderId", "idempotencyKey", "amountCents", "status"])
        .where("orderId", "in", [...requested, ...owed])
        .orderBy("orderId")
        .execute();
      expect(refunds.map((r) => r.orderId)).toEqual([...owed, ...requested].sort());
      expect(refunds.every((r) => r.idempotencyKey === `shopper-cancel-${r.orderId}` && r.amountCents === 1000 && r.status === "completed")).toBe(true);
      expect(await db.selectFrom("cancel_refunds").selectAll().execute()).toEqual([]);
      const credit = await db.selectFrom("user").select("storeCredit").where("id", "=", "cancel-a").executeTakeFirstOrThrow();
      expect(credit.storeCredit).toBe(1000 * (6 + 4));
    },
  );
});

import { describe, expect, it } from "vitest";
import type { Chargeback } from "#domain/risk/chargeback.ts";
import type { Chargebacks } from "#domain/risk/chargebacks.port.ts";

export interface ChargebacksFixture {
  /** Runs work on the chargebacks in one unit of work, as the risk use cases do. */
  run<T>(work: (chargebacks: Chargebacks) => Promise<T>): Promise<T>;
  /** What is stored for an order, for the one write the port does not read back (resolve). */
  storedFor(orderId: string): Promise<Chargeback[]>;
}

const at = new Date("2026-11-21T10:00:00.000Z");
const later = new Date("2026-11-22T10:00:00.000Z");
let n = 0;
const unique = (tag: string) => `${tag}-${++n}-${Math.random().toString(36).slice(2, 8)}`;

function chargeback(orderId: string, kind: Chargeback["kind"], userId = unique("u")): Chargeback {
  return { orderId, kind, userId, at, amount: 2500, outcome: null, resolvedAt: null };
}

/**
 * What every implementation of the risk module's Chargebacks port must do, run against the
 * in-memory fake (unit) and the Kysely repository (integration, SQLite and PostgreSQL).
 */
export function chargebacksContract(name: string, make: () => Promise<ChargebacksFixture>) {
  describe(`chargebacks contract: ${name}`, () => {
    it("records a dispute and a reversal once each per order", async () => {
      const { run, storedFor } = await make();
      const order = unique("o");
      expect(await run((c) => c.record(chargeback(order, "dispute")))).toBe(true);
      expect(await run((c) => c.record(chargeback(order, "dispute")))).toBe(false);
      expect(await run((c) => c.record(chargeback(order, "reversal")))).toBe(true);
      expect((await storedFor(order)).map((c) => c.kind).sort()).toEqual(["dispute", "reversal"]);
    });

    it("resolves the order's dispute with its outcome, not its reversal", async () => {
      const { run, storedFor } = await make();
      const order = unique("o");
      await run(async (c) => {
        await c.record(chargeback(order, "dispute"));
        await c.record(chargeback(order, "reversal"));
        await c.resolve(order, "RESOLVED_SELLER_FAVOUR", later);
      });
      const stored = await storedFor(order);
      expect(stored.find((c) => c.kind === "dispute")).toMatchObject({ outcome: "RESOLVED_SELLER_FAVOUR", resolvedAt: later, amount: 2500 });
      expect(stored.find((c) => c.kind === "reversal")).toMatchObject({ outcome: null, resolvedAt: null });
    });

    it("freezes an account naming the order; a clear works once, on a freeze in force only", async () => {
      const { run } = await make();
      const user = unique("u");
      expect(await run((c) => c.freezeOf(user))).toBeNull();
      expect(await run((c) => c.clear(user, { by: "staff", note: "never frozen", at }))).toBe(false);
      await run((c) => c.freeze(user, "o-1", at));
      expect(await run((c) => c.freezeOf(user))).toEqual({ userId: user, orderId: "o-1", frozenAt: at, clearedAt: null, clearedBy: null, clearNote: null });
      expect(await run((c) => c.clear(user, { by: "staff", note: "paid back", at: later }))).toBe(true);
      expect(await run((c) => c.clear(user, { by: "staff", note: "again", at: later }))).toBe(false);
      expect(await run((c) => c.freezeOf(user))).toEqual({
        userId: user,
        orderId: "o-1",
        frozenAt: at,
        clearedAt: later,
        clearedBy: "staff",
        clearNote: "paid back",
      });
    });

    it("freezes a cleared account again for a new order, in force once more", async () => {
      const { run } = await make();
      const user = unique("u");
      await run(async (c) => {
        await c.freeze(user, "o-1", at);
        await c.clear(user, { by: "staff", note: "ok", at });
        await c.freeze(user, "o-2", later);
      });
      expect(await run((c) => c.freezeOf(user))).toEqual({ userId: user, orderId: "o-2", frozenAt: later, clearedAt: null, clearedBy: null, clearNote: null });
    });
  });
}

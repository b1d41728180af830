import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import { changedSomething } from "#domain/audit/audit-entry.ts";
import type { Audited } from "#domain/audit/audit-log.port.ts";
import { auditedUnitOfWork } from "#domain/audit/audited-unit-of-work.ts";
import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

type Repos = Audited & { things: Map<string, { name: string }> };

/** An in-memory unit of work whose "transaction" keeps the audit entries only when the work succeeds. */
function fakeUnitOfWork(): { unitOfWork: UnitOfWork<Repos>; things: Map<string, { name: string }>; recorded: AuditEntry[] } {
  const things = new Map<string, { name: string }>();
  const recorded: AuditEntry[] = [];
  return {
    things,
    recorded,
    unitOfWork: {
      async run(work) {
        const pending: AuditEntry[] = [];
        const result = await work({ things, audit: { record: async (entry) => void pending.push(entry) } });
        recorded.push(...pending);
        return result;
      },
    },
  };
}

const AT = new Date("2026-11-21T12:00:00.000Z");
const clock = { now: () => AT };
const actor = { id: "admin-1", email: "boss@shop.test" };
const read = async (r: Repos, id: string) => (r.things.get(id) ? { ...r.things.get(id)! } : null);

describe("auditedUnitOfWork", () => {
  it("records who, when, what and the values before and after the work", async () => {
    const fake = fakeUnitOfWork();
    fake.things.set("t1", { name: "old" });
    const uow = auditedUnitOfWork(fake.unitOfWork, { actor, kind: "product.update", entityId: "t1", read }, clock);
    const answer = await uow.run(async ({ things }) => {
      things.set("t1", { name: "new" });
      return "done";
    });
    expect(answer).toBe("done");
    expect(fake.recorded).toEqual([{ actor, at: AT, kind: "product.update", entityId: "t1", before: { name: "old" }, after: { name: "new" } }]);
  });

  it("takes the id of a created entity from the work's answer, with nothing before", async () => {
    const fake = fakeUnitOfWork();
    const uow = auditedUnitOfWork(fake.unitOfWork, { actor, kind: "product.create", entityId: (r) => (r as { id: string }).id, read }, clock);
    await uow.run(async ({ things }) => {
      things.set("new-id", { name: "fresh" });
      return { id: "new-id" };
    });
    expect(fake.recorded).toMatchObject([{ entityId: "new-id", before: null, after: { name: "fresh" } }]);
  });

  it("records nothing when the work changes nothing or throws", async () => {
    const fake = fakeUnitOfWork();
    fake.things.set("t1", { name: "same" });
    const uow = auditedUnitOfWork(fake.unitOfWork, { actor, kind: "product.update", entityId: "t1", read }, clock);
    await uow.run(async () => undefined);
    await expect(
      uow.run(async ({ things }) => {
        things.set("t1", { name: "changed" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(fake.recorded).toEqual([]);
  });
});

describe("changedSomething", () => {
  it("compares values as JSON, absent meaning null", () => {
    expect(changedSomething({ a: 1 }, { a: 1 })).toBe(false);
    expect(changedSomething(null, undefined)).toBe(false);
    expect(changedSomething({ a: 1 }, { a: 2 })).toBe(true);
    expect(changedSomething(null, { a: 1 })).toBe(true);
  });
});

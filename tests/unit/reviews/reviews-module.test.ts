import { describe, expect, it } from "vitest";
import type { AuditEntry } from "#domain/audit/audit-entry.ts";
import { createReviewsModule } from "#domain/reviews/reviews.module.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { fakeImageProcessor } from "../../fakes/in-memory-images.ts";
import { createInMemoryRewards, createInMemoryStorage, fixedClock } from "../../fakes/in-memory-rewards.ts";
import { inMemoryUnitOfWork } from "../../fakes/in-memory-unit-of-work.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const boss = { id: "boss", email: "boss@shop.test" };

/** The module as the root builds it, on the in-memory repositories, with the audit trail kept in an array. */
function setup() {
  const fake = createInMemoryRewards();
  fake.addUser("u1");
  const audit: AuditEntry[] = [];
  const screenshots = createInMemoryStorage();
  const module = createReviewsModule({
    unitOfWork: inMemoryUnitOfWork(
      { rewards: fake.state, audit },
      { ...fake.repositories, audit: { record: async (entry: AuditEntry) => void audit.push(entry) } },
    ),
    screenshots,
    images: fakeImageProcessor(),
    ids: sequentialIds("id"),
    clock: fixedClock(),
  });
  return { module, fake, audit };
}

describe("the reviews module", () => {
  it("a decision is made by the administrator it is given and audited with its status and notes before and after", async () => {
    const { module, fake, audit } = setup();
    const submission = await module.submitScreenshot({ userId: "u1", visitorId: "v1", bytes: PNG });
    expect(await module.readScreenshot(submission.file)).toEqual(PNG);
    const decided = await module.decideSubmission({ submissionId: submission.id, status: "approved", adminNotes: "thanks" }, boss);
    expect(decided).toMatchObject({ status: "approved", decidedBy: "boss" });
    expect(fake.state.points).toHaveLength(1);
    expect(audit).toEqual([
      {
        actor: boss,
        at: new Date("2026-11-21T10:00:00.000Z"),
        kind: "submission.decide",
        entityId: submission.id,
        before: { status: "pending", adminNotes: null },
        after: { status: "approved", adminNotes: "thanks" },
      },
    ]);
  });

  it("a refused decision (already decided) records no audit entry", async () => {
    const { module, audit } = setup();
    const submission = await module.submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG });
    await module.decideSubmission({ submissionId: submission.id, status: "rejected", adminNotes: null }, boss);
    await expect(module.decideSubmission({ submissionId: submission.id, status: "approved", adminNotes: null }, boss)).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(audit.map((e) => e.after)).toEqual([{ status: "rejected", adminNotes: null }]);
  });
});

import { fakeImageProcessor } from "../../fakes/in-memory-images.ts";
import { describe, expect, it } from "vitest";
import { decideSubmission } from "#domain/reviews/decide-submission.ts";
import { MAX_SCREENSHOT_BYTES } from "#domain/reviews/submission.ts";
import { submitScreenshot } from "#domain/reviews/submit-screenshot.ts";
import { sequentialIds } from "../../fakes/in-memory-catalogue.ts";
import { createInMemoryRewards, createInMemoryStorage, fixedClock } from "../../fakes/in-memory-rewards.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);

function setup() {
  const fake = createInMemoryRewards();
  const storage = createInMemoryStorage();
  fake.addUser("u1");
  fake.addUser("u2");
  const deps = { unitOfWork: fake.unitOfWork, storage, images: fakeImageProcessor(), ids: sequentialIds("id"), clock: fixedClock() };
  return { fake, storage, deps };
}

describe("submitScreenshot", () => {
  it("stores the image under a random name with the detected extension and creates a pending submission with its event", async () => {
    const { fake, storage, deps } = setup();
    const submission = await submitScreenshot({ userId: "u1", visitorId: "v1", bytes: JPEG }, deps);
    expect(submission).toMatchObject({ userId: "u1", status: "pending", file: "id-2.jpg", adminNotes: null });
    expect(storage.files.get("id-2.jpg")).toEqual(JPEG);
    expect(fake.state.events).toEqual([
      { type: "ReviewSubmitted", occurredAt: new Date("2026-11-21T10:00:00.000Z"), visitorId: "v1", userId: "u1", payload: { submissionId: submission.id } },
    ]);
  });

  it("refuses bytes that are not a PNG, JPEG, WebP or GIF, and anything over 5 MB, storing nothing", async () => {
    const { fake, storage, deps } = setup();
    await expect(submitScreenshot({ userId: "u1", visitorId: null, bytes: new TextEncoder().encode("<svg onload=alert(1)>") }, deps)).rejects.toMatchObject({
      kind: "invalid",
      code: "not_an_image",
    });
    const big = new Uint8Array(MAX_SCREENSHOT_BYTES + 1);
    big.set(PNG);
    await expect(submitScreenshot({ userId: "u1", visitorId: null, bytes: big }, deps)).rejects.toMatchObject({ kind: "too_large" });
    const exactly = new Uint8Array(MAX_SCREENSHOT_BYTES);
    exactly.set(PNG);
    await expect(submitScreenshot({ userId: "u1", visitorId: null, bytes: exactly }, deps)).resolves.toMatchObject({ status: "pending" });
    expect(storage.files.size).toBe(1);
    expect(fake.state.submissions).toHaveLength(1);
  });

  it("allows one pending submission per user; a racing second upload leaves no file behind", async () => {
    const { fake, storage, deps } = setup();
    const results = await Promise.allSettled([1, 2, 3].map(() => submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG }, deps)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected").map((r) => r.reason.code)).toEqual(["submission_pending", "submission_pending"]);
    expect(fake.state.submissions).toHaveLength(1);
    expect(storage.files.size).toBe(1);
    // Another user is not affected.
    await expect(submitScreenshot({ userId: "u2", visitorId: null, bytes: PNG }, deps)).resolves.toMatchObject({ userId: "u2" });
  });
});

describe("decideSubmission", () => {
  it("approval credits 300 points to the submitter, once, with the decision's event", async () => {
    const { fake, deps } = setup();
    const { id } = await submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG }, deps);
    const decided = await decideSubmission({ submissionId: id, status: "approved", adminNotes: "Thanks!", adminId: "admin" }, deps);
    expect(decided).toMatchObject({ id, status: "approved", adminNotes: "Thanks!", decidedBy: "admin" });
    expect(fake.state.users.get("u1")!.points).toBe(300);
    expect(fake.state.points).toMatchObject([{ userId: "u1", amount: 300, reason: "review_approved", reference: id, actorId: "admin" }]);
    expect(fake.state.events.at(-1)).toMatchObject({ type: "ReviewDecided", userId: "admin", payload: { submissionId: id, status: "approved" } });

    await expect(decideSubmission({ submissionId: id, status: "approved", adminNotes: null, adminId: "admin" }, deps)).rejects.toMatchObject({
      kind: "conflict",
      message: "This submission is already approved; only pending submissions can be approved or rejected",
    });
    await expect(decideSubmission({ submissionId: id, status: "rejected", adminNotes: null, adminId: "admin" }, deps)).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(fake.state.users.get("u1")!.points).toBe(300);
  });

  it("rejection credits nothing and frees the user to submit again; unknown ids are not found", async () => {
    const { fake, deps } = setup();
    const { id } = await submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG }, deps);
    await decideSubmission({ submissionId: id, status: "rejected", adminNotes: "Not our shop", adminId: "admin" }, deps);
    expect(fake.state.users.get("u1")!.points).toBe(0);
    await expect(submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG }, deps)).resolves.toMatchObject({ status: "pending" });
    await expect(decideSubmission({ submissionId: "nope", status: "approved", adminNotes: null, adminId: "admin" }, deps)).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("concurrent approvals: one succeeds, 300 points once", async () => {
    const { fake, deps } = setup();
    const { id } = await submitScreenshot({ userId: "u1", visitorId: null, bytes: PNG }, deps);
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map(() => decideSubmission({ submissionId: id, status: "approved", adminNotes: null, adminId: "admin" }, deps)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(fake.state.users.get("u1")!.points).toBe(300);
    expect(fake.state.events.filter((e) => e.type === "ReviewDecided")).toHaveLength(1);
  });
});

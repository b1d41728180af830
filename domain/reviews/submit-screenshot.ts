import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { acceptImage } from "../shared/accept-image.ts";
import { IMAGE_EXTENSIONS } from "../shared/image.ts";
import type { ImageProcessor } from "../shared/image-processor.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { notAnImage, pendingSubmissionExists, screenshotTooLarge } from "./reviews.errors.ts";
import type { ReviewsRepositories } from "./reviews-repositories.port.ts";
import type { ScreenshotStorage } from "../shared/screenshot-storage.port.ts";
import { MAX_SCREENSHOT_BYTES, type Submission } from "./submission.ts";

export interface SubmitScreenshotDeps {
  unitOfWork: UnitOfWork<Pick<ReviewsRepositories, "submissions" | "events">>;
  storage: ScreenshotStorage;
  /** Checks the declared size and strips metadata (EXIF, GPS) before the file is stored. */
  images: ImageProcessor;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * A signed-in shopper uploads a review screenshot: the bytes must be a PNG, JPEG, WebP or GIF of at
 * most 5 MB; the file is stored under a random name and a pending submission created with its
 * ReviewSubmitted event in one transaction. One pending submission per user: a second is a
 * conflict (also when two uploads race), and its file is removed again.
 */
export async function submitScreenshot(
  input: { userId: string; visitorId: string | null; bytes: Uint8Array },
  deps: SubmitScreenshotDeps,
): Promise<Submission> {
  if (input.bytes.byteLength > MAX_SCREENSHOT_BYTES) throw screenshotTooLarge();
  const accepted = await acceptImage(input.bytes, deps.images);
  if (!accepted) throw notAnImage();
  const { type, bytes } = accepted;
  // Refuse early, before writing a file; the unique index below is what guarantees it.
  if (await deps.unitOfWork.run(({ submissions }) => submissions.hasPending(input.userId))) throw pendingSubmissionExists();

  const now = deps.clock.now();
  const submission: Submission = {
    id: deps.ids.newId(),
    userId: input.userId,
    status: "pending",
    file: `${deps.ids.newId()}.${IMAGE_EXTENSIONS[type]}`,
    createdAt: now,
    adminNotes: null,
    decidedAt: null,
    decidedBy: null,
  };
  await deps.storage.save(submission.file, bytes);
  try {
    await deps.unitOfWork.run(async ({ submissions, events }) => {
      if (!(await submissions.add(submission))) throw pendingSubmissionExists();
      await events.append({
        type: "ReviewSubmitted",
        occurredAt: now,
        visitorId: input.visitorId,
        userId: input.userId,
        payload: { submissionId: submission.id },
      });
    });
  } catch (error) {
    await deps.storage.remove(submission.file);
    throw error;
  }
  return submission;
}

import { DomainError } from "../shared/domain-error.ts";
import type { SubmissionStatus } from "./submission.ts";

export const notAnImage = () =>
  new DomainError("invalid", "not_an_image", "The screenshot must be an image file (PNG, JPEG, WebP or GIF)");
export const screenshotTooLarge = () => new DomainError("too_large", "screenshot_too_large", "The screenshot must be at most 5 MB");
export const pendingSubmissionExists = () =>
  new DomainError("conflict", "submission_pending", "You already have a review screenshot waiting for approval");
export const submissionNotFound = () => new DomainError("not_found", "submission_not_found", "Submission not found");
export const submissionAlreadyDecided = (status: SubmissionStatus) =>
  new DomainError("conflict", "submission_decided", `This submission is already ${status}; only pending submissions can be approved or rejected`);

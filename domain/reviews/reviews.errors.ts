import { DomainError } from "../shared/domain-error.ts";
import type { SubmissionStatus } from "./submission.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const notAnImage = () => new DomainError("invalid", ErrorCode.notAnImage, "The screenshot must be an image file (PNG, JPEG, WebP or GIF)");
export const screenshotTooLarge = () => new DomainError("too_large", ErrorCode.screenshotTooLarge, "The screenshot must be at most 5 MB");
export const pendingSubmissionExists = () =>
  new DomainError("conflict", ErrorCode.submissionPending, "You already have a review screenshot waiting for approval");
export const submissionNotFound = () => new DomainError("not_found", ErrorCode.submissionNotFound, "Submission not found");
export const submissionAlreadyDecided = (status: SubmissionStatus) =>
  new DomainError("conflict", ErrorCode.submissionDecided, `This submission is already ${status}; only pending submissions can be approved or rejected`);

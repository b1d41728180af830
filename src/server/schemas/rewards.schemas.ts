import * as z from "zod";
import { MAX_SCREENSHOT_BYTES } from "#domain/reviews/submission.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";

export const RedeemBody = z.object({
  points: z.number({ error: "points must be a number" }).int("points must be a whole number").positive("points must be more than 0"),
});

/** A data URL's head: optional media type and parameters, then base64 (what FileReader produces). */
const DATA_URL_HEAD = /^data:(?:[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+)?(?:;[a-z0-9!#$&^_.+-]+=[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The JSON body of a screenshot upload may carry a 5 MB image in base64 (4/3 larger) plus the rest. */
export const SCREENSHOT_BODY_LIMIT = Math.ceil(MAX_SCREENSHOT_BYTES / 3) * 4 + 64 * 1024;

/**
 * storefront.md: `screenshotUrl` (an image data URL) and `userId`. The user id is accepted and
 * ignored: the submission belongs to the session's user. The data URL's claimed type is ignored
 * too; the use case checks the decoded bytes.
 */
export const ScreenshotBody = z.object({
  screenshotUrl: z.string({ error: "screenshotUrl is required" }).transform((value, ctx) => {
    const head = DATA_URL_HEAD.exec(value.slice(0, 512));
    const data = head ? value.slice(head[0].length) : "";
    if (!head || !BASE64.test(data) || data.length % 4 === 1) {
      ctx.addIssue({ code: "custom", message: "screenshotUrl must be an image as a base64 data URL (data:image/png;base64,...)" });
      return z.NEVER;
    }
    return new Uint8Array(Buffer.from(data, "base64"));
  }),
  userId: z.unknown().optional(),
});

export const SubmissionDecisionBody = z.object({
  status: z.enum(["approved", "rejected"], { error: 'status must be "approved" or "rejected"' }),
  adminNotes: z
    .string({ error: "adminNotes must be text" })
    .trim()
    .max(2000, "adminNotes must be at most 2000 characters")
    .nullish()
    .transform((notes) => notes || null),
});

/** admin-panel.md: amount > 0 with at most 2 decimals (a number, or a decimal string), operation add or set. */
export const StoreCreditBody = z.object({
  amount: z.union([z.number(), z.string()], { error: "amount must be a number greater than 0" }).transform((value, ctx) => {
    const cents = centsFromDecimal(String(value));
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: "custom", message: "amount must be a number greater than 0 with at most 2 decimals" });
      return z.NEVER;
    }
    return cents;
  }),
  operation: z.enum(["add", "set"], { error: 'operation must be "add" or "set"' }),
});

/** GET /api/points/history?before=&limit= (issue 33): a page of the points history after the entry `before`; 50 by default, at most 100. */
export const PointsHistoryQuery = z.object({
  before: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

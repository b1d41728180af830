import { servedOverTls } from "./request-pipeline.ts";
import { join } from "node:path";
import { randomReferralCodes } from "../../adapters/random/referral-code-generator.ts";
import { createRewardsUnitOfWork } from "../../adapters/repositories/rewards.unit-of-work.ts";
import { createLocalFileStorage, type LocalFileStorage } from "../../adapters/storage/local-file-storage.ts";
import type { App } from "./app.ts";
import type { RouteContext } from "./http.ts";
import { clearReferralCookie, referralCodeFromCookie } from "./referral-cookie.ts";

/** Review screenshots live in DATA_DIR/uploads/reviews. */
export function screenshotStorage(app: App): LocalFileStorage {
  return createLocalFileStorage(join(app.config.dataDir, "uploads", "reviews"));
}

/**
 * The ports of the rewards and reviews use cases, assembled from the app's adapters (no I/O, so it
 * is cheap per request). Events go to the app's event listeners in the same transaction.
 */
export function rewardsDeps(app: App) {
  return {
    unitOfWork: createRewardsUnitOfWork(app.db, app.eventListeners, app.mail.outbox),
    storage: screenshotStorage(app),
    images: app.images,
    codes: randomReferralCodes,
    ids: app.ids,
    clock: app.clock,
    pointsPerDollar: app.config.pointsPerDollar,
  };
}

/**
 * After a registration: if the visitor came through a referral link, record who referred them and
 * answer the Set-Cookie that forgets the code (null when there was no code). A failure here is
 * logged, never turned into a failed registration.
 */
export async function recordReferralFromCookie(context: RouteContext, newUserId: string): Promise<string | null> {
  const code = referralCodeFromCookie(context.request);
  if (code === undefined) return null;
  const { app } = context.locals;
  try {
    const result = await app.rewards.recordReferral({ referredUserId: newUserId, code });
    app.log.info({ userId: newUserId, result }, "referral at registration");
  } catch (error) {
    app.log.error({ err: error, userId: newUserId }, "recording the referral failed");
  }
  return clearReferralCookie(servedOverTls(context.locals.app.config.publicUrl, context.url));
}

import { servedOverTls } from "./pipeline-steps.ts";
import type { RouteContext } from "./http.ts";
import { clearReferralCookie, referralCodeFromCookie } from "./referral-cookie.ts";

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

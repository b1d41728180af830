import { referralProgress } from "#domain/rewards/referral.ts";
import { countReferredSignups } from "#read-models/rewards/rewards.queries.ts";
import type { ReferralsView } from "#read-models/rewards/rewards.views.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The dashboard's Referrals tab: the user's own code and link (made on first use), how many
// referrals succeeded and how far the next 5000-point bonus is.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const { app } = context.locals;
  const { code, successfulReferrals } = await app.rewards.ensureReferralCode(user.id);
  return json({
    code,
    link: `${app.config.publicUrl}/?ref=${code}`,
    signups: await countReferredSignups(app.db, user.id),
    ...referralProgress(successfulReferrals),
  } satisfies ReferralsView);
});

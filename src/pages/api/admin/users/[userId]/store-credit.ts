import { userNotFound } from "#domain/rewards/rewards.errors.ts";
import { findUserForAdmin } from "#read-models/rewards/rewards.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { StoreCreditBody } from "#server/schemas/rewards.schemas.ts";

// "Add to existing credit" or "Set total credit"; a ledger entry with the administrator as actor.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "store-credit");
  const { amount, operation } = await readJson(context.request, StoreCreditBody);
  const { app } = context.locals;
  const userId = param(context, "userId");
  await app.rewards.adjustStoreCredit({ userId, amount, operation }, admin);
  const user = await findUserForAdmin(app.db, userId);
  if (!user) throw userNotFound();
  return json(user);
});

import { formatCents } from "../../../../../../domain/shared/money.ts";
import { adjustStoreCredit } from "../../../../../../domain/rewards/adjust-store-credit.ts";
import { userNotFound } from "../../../../../../domain/rewards/rewards.errors.ts";
import { findUserForAdmin } from "../../../../../../read-models/rewards/rewards.queries.ts";
import { audited } from "../../../../../server/audit.ts";
import { requireAdmin } from "../../../../../server/guards.ts";
import { json, param, readJson, route } from "../../../../../server/http.ts";
import { rewardsDeps } from "../../../../../server/rewards.ts";
import { StoreCreditBody } from "../../../../../server/schemas/rewards.schemas.ts";

// "Add to existing credit" or "Set total credit"; a ledger entry with the administrator as actor.
export const PATCH = route(async (context) => {
  const admin = await requireAdmin(context, "store-credit");
  const { amount, operation } = await readJson(context.request, StoreCreditBody);
  const { app } = context.locals;
  const userId = param(context, "userId");
  const deps = rewardsDeps(app);
  const unitOfWork = audited(app, admin, deps.unitOfWork, "storeCredit.adjust", userId, async (r, id) => {
    const cents = await r.storeCredit.balanceOf(id);
    return cents === null ? null : { storeCredit: formatCents(cents) };
  });
  await adjustStoreCredit({ userId, amount, operation, adminId: admin.id }, { ...deps, unitOfWork });
  const user = await findUserForAdmin(app.db, userId);
  if (!user) throw userNotFound();
  return json(user);
});

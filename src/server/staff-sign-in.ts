import { createAuditLog } from "#adapters/repositories/audit-log.repository.ts";
import { staffAccountByEmail } from "#read-models/admin/staff.queries.ts";
import type { RouteApp } from "./route-app.ts";

/** How a staff sign-in attempt ended, as the audit trail records it (issue 20). */
export type StaffSignInOutcome = "signed in" | "wrong password" | "second factor asked";

/**
 * Records a sign-in attempt on a staff account in the audit trail ("staff.signIn", the account as
 * actor and entity, the outcome and the client's address after). Attempts on addresses that are not
 * staff are not staff sign-ins and are not recorded. Never throws: a sign-in's answer must not
 * depend on the trail's write.
 */
export async function recordStaffSignIn(app: RouteApp, email: string, outcome: StaffSignInOutcome, clientIp: string): Promise<void> {
  try {
    const staff = await staffAccountByEmail(app.db, email);
    if (!staff) return;
    await createAuditLog(app.db).record({
      actor: { id: staff.id, email: staff.email },
      at: app.clock.now(),
      kind: "staff.signIn",
      entityId: staff.id,
      before: null,
      after: { outcome, clientIp },
    });
  } catch (error) {
    app.log.error({ err: error }, "staff sign-in could not be recorded in the audit trail");
  }
}

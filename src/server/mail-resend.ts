import { isStaffRole } from "#domain/accounts/staff-roles.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { Mail } from "#domain/mail/mail.ts";
import { carriesSecretLink } from "#domain/mail/secret-links.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { mailDetail } from "#read-models/admin/mail-outbox.queries.ts";
import { callAuth } from "./auth-bridge.ts";
import { requireAdmin } from "./guards.ts";
import type { RouteContext } from "./http.ts";

/**
 * "Resend" in the Mail tab (issue 32): the only thing a staff member can do with a message whose
 * link is a key. A key-carrying message is never copied (its link is not kept, and must not be
 * seen): the recipient gets a new link through the flow that made the first one, at the same
 * address, so whoever clicks Resend learns nothing. A reset or verification link is asked of
 * better-auth without the staff member's cookies (it is the recipient's, not theirs); an
 * invitation is sent again by staff management (the staff permission); a change of address can
 * be asked again only by its shopper. Any other message is queued again as it was.
 */
export async function resendMail(context: RouteContext, admin: SessionUser, id: string): Promise<string> {
  const { app } = context.locals;
  const message = await mailDetail(app.db, id);
  if (!message) throw new DomainError("not_found", ErrorCode.mailNotFound, "No such email");
  const to = message.recipient;
  const data = JSON.parse(message.data) as Record<string, unknown>;
  switch (message.template) {
    case "reset_password": {
      const response = await callAuth(context, "POST", "/request-password-reset", { email: to, redirectTo: "/reset-password" }, "");
      if (!response.ok) throw notResendable("The reset link could not be sent again now. Please try again in a minute.");
      return `A new password reset link was sent to ${to}.`;
    }
    case "verify_email": {
      const response = await callAuth(context, "POST", "/send-verification-email", { email: to }, "");
      if (!response.ok) throw notResendable("The verification link could not be sent again now. Please try again in a minute.");
      return `A new verification link was sent to ${to} (none when the address is verified already).`;
    }
    case "staff_invitation": {
      const owner = await requireAdmin(context, "staff");
      const role = isStaffRole(data.role) ? data.role : null;
      if (!role) throw notResendable("This invitation names no role; add the address again from the Staff tab.");
      const { invited } = await app.staff.addStaff({ email: to, role }, owner);
      return invited ? `A new invitation was sent to ${to}.` : `${to} has joined the staff already.`;
    }
    default:
      if (carriesSecretLink(message.template)) throw notResendable("A change of address is asked again by its shopper, from their dashboard.");
      await app.db.transaction().execute((trx) => app.mail.outbox(trx).add({ template: message.template, to, data } as Mail));
      app.log.info({ mailId: id, by: admin.id }, "mail queued again from the Mail tab");
      return `The email was queued again for ${to}.`;
  }
}

function notResendable(text: string): DomainError {
  return new DomainError("conflict", ErrorCode.mailNotResendable, text);
}

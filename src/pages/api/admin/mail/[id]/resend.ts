import { resendMail } from "#server/mail-resend.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, param, route } from "#server/http.ts";

// "Resend" in the Mail tab (issue 32): a new link to the same mailbox, never the old one shown.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "mail");
  return json({ message: await resendMail(context, admin, param(context, "id")) });
});

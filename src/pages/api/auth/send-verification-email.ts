import { resendVerification } from "#server/account-recovery.ts";
import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// The dashboard's "Resend" button: a new verification link to the signed-in shopper's address.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const outcome = await resendVerification(context, user);
  return json(outcome === "sent" ? { message: `We have sent a new link to ${user.email}.` } : { message: "Your email address is already verified." });
});

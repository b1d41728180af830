import { verifyEmail } from "#server/account-recovery.ts";
import { json, readQuery, route } from "#server/http.ts";
import { VerifyEmailQuery } from "#server/schemas/auth.schemas.ts";

// The verification email's link opens /verify-email, which verifies on the server; this is the same for API clients.
export const GET = route(async (context) => {
  const { token } = readQuery(context.url, VerifyEmailQuery);
  await verifyEmail(context, token);
  return json({ verified: true });
});

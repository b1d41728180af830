import { requestEmailChange } from "#server/account-recovery.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { EmailChange } from "#server/schemas/auth.schemas.ts";

// Account settings → change email: confirmed through the emailed links before anything changes.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { newEmail } = await readJson(context.request, EmailChange);
  return json({ message: await requestEmailChange(context, user, newEmail) });
});

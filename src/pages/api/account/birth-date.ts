import { userJson } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { BirthDateBody } from "#server/schemas/auth.schemas.ts";

// An account made without a date of birth (Google, or before ages were asked) gives it once, before it
// pays: the checkout page asks for it in place when prepare answers birth_date_required.
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { birthDate } = await readJson(context.request, BirthDateBody);
  await context.locals.app.accountData.giveBirthDate(user.id, birthDate);
  return json({ user: userJson({ ...user, birthDate }) });
});

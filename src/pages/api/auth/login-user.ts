import { jsonWithCookies, secondFactorAnswer, signIn, userJson } from "#server/auth-bridge.ts";
import { readJson, route } from "#server/http.ts";
import { Credentials } from "#server/schemas/auth.schemas.ts";

export const POST = route(async (context) => {
  const { email, password } = await readJson(context.request, Credentials);
  const result = await signIn(context, email, password);
  if (result.kind === "second-factor") return secondFactorAnswer(result);
  // The guest's cart, wishlist and chats moved to the account when the session was created (app.ts, mergeGuestOf).
  return jsonWithCookies({ user: userJson(result.user) }, 200, result.setCookies);
});

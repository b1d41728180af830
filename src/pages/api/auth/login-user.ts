import { jsonWithCookies, signIn, userJson } from "../../../server/auth-bridge.ts";
import { readJson, route } from "../../../server/http.ts";
import { Credentials } from "../../../server/schemas/auth.schemas.ts";

export const POST = route(async (context) => {
  const { email, password } = await readJson(context.request, Credentials);
  const { user, setCookies } = await signIn(context, email, password);
  // The guest's cart, wishlist and chats moved to the account when the session was created (app.ts, mergeGuestOf).
  return jsonWithCookies({ user: userJson(user) }, 200, setCookies);
});

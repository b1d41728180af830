import { userJson } from "#server/auth-bridge.ts";
import { json, route } from "#server/http.ts";

export const GET = route(async ({ locals }) => {
  const user = await locals.currentUser();
  return json({ authenticated: user !== null, user: user ? userJson(user) : null });
});

import { json, route } from "../../../server/http.ts";

export const GET = route(async ({ locals }) => {
  const user = await locals.currentUser();
  return json({ authenticated: user !== null, isAdmin: user?.isAdmin ?? false });
});

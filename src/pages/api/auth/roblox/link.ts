import { authFailure, callAuth } from "#server/auth-bridge.ts";
import { requireUser } from "#server/guards.ts";
import { redirectTo, route } from "#server/http.ts";

// "Link with Roblox" on the dashboard: the signed-in shopper proves a Roblox account is theirs at
// Roblox (better-auth's link flow); back on the dashboard it is their linked account, a proven
// recipient, and they may sign in with it. Without Roblox configured the button is not shown.
export const GET = route(async (context) => {
  await requireUser(context);
  if (!context.locals.app.config.roblox.signIn) return redirectTo("/dashboard?error=roblox_unavailable");
  const response = await callAuth(context, "POST", "/link-social", {
    provider: "roblox",
    callbackURL: "/dashboard?linked=roblox",
    errorCallbackURL: "/dashboard?error=roblox_link_failed",
  });
  if (!response.ok) throw await authFailure(response);
  const { url } = (await response.json()) as { url: string };
  return redirectTo(url, response.headers.getSetCookie());
});

import { safeRedirectPath } from "#domain/accounts/safe-redirect.ts";
import { authFailure, callAuth } from "#server/auth-bridge.ts";
import { readQuery, redirectTo, route } from "#server/http.ts";
import { GoogleQuery } from "#server/schemas/auth.schemas.ts";

// Browser navigation from "Sign in with Roblox": starts better-auth's Roblox flow for a Roblox
// account linked to a store account (an unlinked one comes back to /login with a message, as no
// store account is made from Roblox). Without Roblox configured, back to /login with a message.
export const GET = route(async (context) => {
  const next = safeRedirectPath(readQuery(context.url, GoogleQuery).redirect);
  if (!context.locals.app.config.roblox.signIn) return redirectTo(`/login?error=roblox_unavailable&redirect=${encodeURIComponent(next)}`);
  const response = await callAuth(context, "POST", "/sign-in/social", {
    provider: "roblox",
    callbackURL: next,
    errorCallbackURL: `/login?error=roblox_failed&redirect=${encodeURIComponent(next)}`,
  });
  if (!response.ok) throw await authFailure(response);
  const { url } = (await response.json()) as { url: string };
  return redirectTo(url, response.headers.getSetCookie());
});

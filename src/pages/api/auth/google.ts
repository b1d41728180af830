import { safeRedirectPath } from "#domain/accounts/safe-redirect.ts";
import { authFailure, callAuth, termsAcceptedCookie } from "#server/auth-bridge.ts";
import { readQuery, redirectTo as redirect, route } from "#server/http.ts";
import { GoogleQuery } from "#server/schemas/auth.schemas.ts";

// Browser navigation from "Continue with Google": starts better-auth's Google flow and comes back
// to the (same-site) redirect target. Without Google configured, back to /login with a message.
export const GET = route(async (context) => {
  const { redirect: target, acceptTerms } = readQuery(context.url, GoogleQuery);
  const next = safeRedirectPath(target);
  const { config } = context.locals.app;
  if (!config.google) return redirect(`/login?error=google_unavailable&redirect=${encodeURIComponent(next)}`);
  const response = await callAuth(context, "POST", "/sign-in/social", {
    provider: "google",
    callbackURL: next,
    errorCallbackURL: `/login?error=google_failed&redirect=${encodeURIComponent(next)}`,
  });
  if (!response.ok) throw await authFailure(response);
  const { url } = (await response.json()) as { url: string };
  const setCookies = response.headers.getSetCookie();
  if (acceptTerms) setCookies.push(termsAcceptedCookie(config.publicUrl));
  return redirect(url, setCookies);
});

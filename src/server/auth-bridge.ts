import type { AccountView } from "#read-models/accounts/account.views.ts";
import { isMinor } from "#domain/accounts/age.ts";
import { CLIENT_IP_HEADER } from "#adapters/auth/better-auth.ts";
import { emailTaken, invalidCredentials } from "#domain/accounts/accounts.errors.ts";
import { signInChecks, tooManySignIns } from "#domain/accounts/attempt-limits.ts";
import { commonPassword, passwordTooLong, passwordTooShort } from "#domain/accounts/password-policy.ts";
import { enforceLimits } from "#domain/shared/rate-limit.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import { DomainError } from "#domain/shared/domain-error.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { RouteContext } from "./http.ts";
import { toSessionUser } from "./session.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { termsAcceptedCookie as termsCookie } from "#adapters/auth/terms-cookie.ts";
import { TERMS_VERSION } from "#domain/accounts/consent.ts";

/**
 * Our spec-shaped auth endpoints call better-auth through its own HTTP handler rather than its
 * server API, so its rate limiting, cookie signing and session rules apply exactly as designed.
 * The request carries the shopper's cookies and the client address our pipeline determined. Its
 * Origin is PUBLIC_URL: the pipeline has already refused cross-site writes, and better-auth wants
 * a trusted Origin on every write that carries cookies.
 */
export async function callAuth(context: RouteContext, method: "GET" | "POST", path: string, body?: unknown, cookie?: string): Promise<Response> {
  const { app } = context.locals;
  const headers = new Headers({ [CLIENT_IP_HEADER]: context.locals.clientIp, accept: "application/json", origin: app.config.publicUrl });
  const cookies = cookie ?? context.request.headers.get("cookie");
  if (cookies) headers.set("cookie", cookies);
  const userAgent = context.request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  if (body !== undefined) headers.set("content-type", "application/json");
  return app.auth.handler(
    new Request(`${app.config.publicUrl}/api/auth${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
  );
}

/** The user as the API shows it: the spec's fields, store credit as a decimal string. */
export function userJson(user: SessionUser): AccountView {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    emailVerified: user.emailVerified ?? false,
    isAdmin: user.isAdmin,
    robloxUsername: user.robloxUsername,
    storeCredit: formatCents(user.storeCredit),
    points: user.points,
    // Whether a parent pays; the date itself is never sent back. The system clock, as
    // the session's own expiry is judged by it.
    minor: isMinor(user.birthDate, new Date()),
  };
}

/** Turns better-auth's failure answers into our error contract with messages for shoppers. */
export async function authFailure(response: Response): Promise<DomainError> {
  const data = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = data.code ?? "";
  if (response.status === 429) {
    const retryAfterSeconds = Number(response.headers.get("x-retry-after")) || undefined;
    return new DomainError("rate_limited", ErrorCode.tooManyAttempts, "Too many attempts. Please wait a minute and try again.", { retryAfterSeconds });
  }
  if (code === "PASSWORD_COMPROMISED") return commonPassword();
  if (code.startsWith("USER_ALREADY_EXISTS")) return emailTaken();
  if (code === "INVALID_EMAIL_OR_PASSWORD" || response.status === 401) return invalidCredentials();
  if (code === "PASSWORD_TOO_SHORT") return passwordTooShort();
  if (code === "PASSWORD_TOO_LONG") return passwordTooLong();
  if (code === "INVALID_EMAIL") return new DomainError("invalid", ErrorCode.invalidEmail, "Please enter a valid email address");
  if (response.status === 403) return new DomainError("forbidden", ErrorCode.forbidden, data.message ?? "Not allowed");
  return new DomainError("invalid", ErrorCode.authFailed, data.message ?? "Could not complete the request");
}

/**
 * A password sign-in's outcome: signed in (the user and better-auth's session cookies), or, for an
 * account with two-factor sign-in on, a second factor still to give (better-auth's short-lived
 * two-factor cookie; no session yet: POST /api/auth/two-factor/verify completes it).
 */
export type SignInResult = { kind: "signed-in"; user: SessionUser; setCookies: string[] } | { kind: "second-factor"; methods: string[]; setCookies: string[] };

/** Signs in with email and password; answers the user and better-auth's Set-Cookie headers. */
export async function signIn(context: RouteContext, email: string, password: string): Promise<SignInResult> {
  const { app } = context.locals;
  const limits = { perAccountPer15Minutes: app.config.abuseLimits.signInPerAccount, perAddressPerMinute: app.config.authRateLimits.signInPerMinute };
  await enforceLimits(app.rateLimiter, signInChecks({ email, clientIp: context.locals.clientIp }, limits), tooManySignIns);
  const response = await callAuth(context, "POST", "/sign-in/email", { email, password, rememberMe: true });
  if (!response.ok) throw await authFailure(response);
  const data = (await response.json()) as { user?: Parameters<typeof toSessionUser>[0]; twoFactorRedirect?: boolean; twoFactorMethods?: string[] };
  if (data.twoFactorRedirect || !data.user)
    return { kind: "second-factor", methods: data.twoFactorMethods ?? ["totp"], setCookies: response.headers.getSetCookie() };
  return { kind: "signed-in", user: toSessionUser(data.user), setCookies: response.headers.getSetCookie() };
}

/** What a sign-in that needs a second factor answers: the panel and the login page then ask for a code. */
export function secondFactorAnswer(result: Extract<SignInResult, { kind: "second-factor" }>): Response {
  return jsonWithCookies({ twoFactorRequired: true, methods: result.methods }, 200, result.setCookies);
}

/** Ends the session named by these cookies; answers the Set-Cookie headers that clear it. */
export async function signOut(context: RouteContext, cookie?: string): Promise<string[]> {
  const response = await callAuth(context, "POST", "/sign-out", {}, cookie);
  return response.headers.getSetCookie();
}

/** Builds a JSON response carrying several Set-Cookie headers. */
export function jsonWithCookies(body: unknown, status: number, setCookies: string[]): Response {
  const headers = new Headers({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(body === null ? null : JSON.stringify(body), { status, headers });
}

/** "name=value; ..." pairs from Set-Cookie headers, to act with a session just created. */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies.map((c) => c.split(";")[0]).join("; ");
}

/** The Terms and 13+ acceptance carried through Google's sign-in (adapters/auth/terms-cookie.ts), at the current terms' version. */
export function termsAcceptedCookie(publicUrl: string): string {
  return termsCookie(TERMS_VERSION, publicUrl.startsWith("https://"));
}

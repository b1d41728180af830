/** True when the request carries a session cookie (better-auth's, with or without __Secure-). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return cookieHeader?.includes("session_token") ?? false;
}

/** Where the browser goes after login when no (acceptable) redirect is given (storefront.md). */
export const DEFAULT_AFTER_LOGIN = "/dashboard";

/**
 * Accepts a redirect target only when it is a path on this site, so a link like
 * /login?redirect=https://evil.example cannot send a shopper elsewhere after they log in.
 * Refused: absolute URLs, protocol-relative "//host", backslash tricks "/\host", control
 * characters, and anything not starting with "/". Null or empty gives the default.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = DEFAULT_AFTER_LOGIN): string {
  if (!target || target.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  return [target, decoded].every(isLocalPath) ? target : fallback;
}

function isLocalPath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return false;
  // Control characters (CR/LF header injection, NUL) have no place in a redirect.
  return ![...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

import type { ErrorCode } from "./error-codes.ts";

/**
 * Expected failures of the domain. The kind says how a caller should treat it (and so which HTTP
 * status it becomes, decided in one place in src/server); the code names the exact rule that failed
 * and the message is written for the person who will read it.
 */
export type DomainErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_required"
  | "provider_unavailable"
  | "too_large"
  | "unsupported_media_type"
  | "rate_limited"
  /** Well-formed, but not something this resource can take (422). */
  | "unprocessable";

// The server bundle Astro builds holds its own copy of the domain, while the app that
// scripts/start.ts composes (and whose use cases throw) loads the other: a plain instanceof would
// tell a copy's error from "ours" and answer 500. A registered symbol is the same in both copies.
const DOMAIN_ERROR = Symbol.for("bloxbazaar.DomainError");

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;
  /** For rate_limited: seconds until another attempt may succeed (the HTTP Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: DomainErrorKind, code: ErrorCode, message: string, options: { retryAfterSeconds?: number | undefined } = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [DOMAIN_ERROR]?: unknown })[DOMAIN_ERROR] === true;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

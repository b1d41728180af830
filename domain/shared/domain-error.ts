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
  /** An outside service the answer depends on cannot be asked just now (503): try again shortly. */
  | "unavailable"
  | "too_large"
  | "unsupported_media_type"
  | "rate_limited"
  /** Well-formed, but not something this resource can take (422). */
  | "unprocessable"
  /** Was here and has ended for good (410): an expired, declined or used parent's link. */
  | "gone";

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;
  /** For rate_limited: seconds until another attempt may succeed (the HTTP Retry-After). */
  readonly retryAfterSeconds: number | undefined;
  /** Fields the answer carries besides its message, for a client that acts on them ({ code, missing }). */
  readonly answer: Readonly<Record<string, unknown>> | undefined;
  /** For invalid input: what is wrong with each field, by the request's field name, so a form shows it under that field. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  /**
   * `cause`: what went wrong underneath, when something did (the payment provider's error behind a
   * refund it did not confirm): kept as the standard Error cause for the log, never shown to the
   * reader of the message.
   */
  constructor(
    kind: DomainErrorKind,
    code: ErrorCode,
    message: string,
    options: {
      retryAfterSeconds?: number | undefined;
      cause?: unknown;
      fields?: Record<string, string> | undefined;
      answer?: Record<string, unknown>;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.answer = options.answer;
    this.fields = options.fields;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}

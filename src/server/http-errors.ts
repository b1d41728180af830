import * as z from "zod";
import { DomainError, isDomainError, type DomainErrorKind } from "#domain/shared/domain-error.ts";
import type { Logger } from "#adapters/log/logger.ts";
import { CONTRACT_CODES, ErrorCode } from "#domain/shared/error-codes.ts";

/** The one map from a domain error's kind to the HTTP contract's status (DESIGN.md, HTTP contract). */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_required: 402,
  provider_unavailable: 502,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unprocessable: 422,
  gone: 410,
};

export function errorJson(status: number, message: string, headers: HeadersInit = {}, code?: string): Response {
  return new Response(JSON.stringify(code ? { error: message, code } : { error: message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** Names the first failing field so the reader knows what to fix: "quantity: Too small: expected number to be >=1". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Turns anything a route throws into the error contract. Expected failures keep their message;
 * anything else is a bug: logged with its stack, answered with a plain 500 that leaks nothing.
 */
export function toErrorResponse(error: unknown, log: Logger | undefined): Response {
  if (isDomainError(error)) {
    const status = STATUS_OF_KIND[error.kind];
    // An expected failure answers with its message; what caused it underneath (the provider's error
    // behind a refund it did not confirm) is only for the log.
    if (error.cause !== undefined) log?.warn({ err: error.cause, code: error.code, status }, "domain error with a cause");
    const code = CONTRACT_CODES.has(error.code) ? error.code : undefined;
    return errorJson(status, error.message, status === 429 ? { "retry-after": String(retryAfterOf(error)) } : {}, code);
  }
  if (error instanceof z.ZodError) return errorJson(400, describeZodError(error));
  log?.error({ err: error }, "unhandled error");
  return errorJson(500, "Something went wrong on our side. Please try again.");
}

/** Every 429 says when to come back; a limit that does not know its window says a minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

function retryAfterOf(error: DomainError): number {
  return Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
}

/** 415: a JSON endpoint was sent something else (a form, text/plain, multipart). */
export function notJson(): DomainError {
  return new DomainError("unsupported_media_type", ErrorCode.notJson, "Send the request body as JSON (Content-Type: application/json)");
}

export function invalidInput(message: string): DomainError {
  return new DomainError("invalid", ErrorCode.invalidInput, message);
}

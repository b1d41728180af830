import * as z from "zod";
import { DomainError, isDomainError, type DomainErrorKind } from "../../domain/shared/domain-error.ts";
import type { Logger } from "../../adapters/log/logger.ts";

/** The one map from a domain error's kind to the HTTP contract's status (DESIGN.md, HTTP contract). */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

export function errorJson(status: number, message: string, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify({ error: message }), {
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
  if (isDomainError(error)) return errorJson(STATUS_OF_KIND[error.kind], error.message);
  if (error instanceof z.ZodError) return errorJson(400, describeZodError(error));
  log?.error({ err: error }, "unhandled error");
  return errorJson(500, "Something went wrong on our side. Please try again.");
}

export function invalidInput(message: string): DomainError {
  return new DomainError("invalid", "invalid_input", message);
}

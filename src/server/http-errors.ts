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
  unavailable: 503,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unprocessable: 422,
  gone: 410,
};

export function errorJson(
  status: number,
  message: string,
  headers: HeadersInit = {},
  fields?: Readonly<Record<string, string>>,
  answer: Readonly<Record<string, unknown>> = {},
): Response {
  return new Response(JSON.stringify(fields ? { ...answer, error: message, fields } : { ...answer, error: message }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** "robloxUsername" -> "Roblox username", "cartItems.0.id" -> "Cart items 1 id": a field as a person names it. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const words = path
    .map((part) =>
      typeof part === "number"
        ? String(part + 1)
        : String(part)
            .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
            .toLowerCase(),
    )
    .join(" ")
    .replace(/\broblox\b/g, "Roblox");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The message of a field's issue, for a person: the schema's own words when they already name the
 * field ("Please enter a valid Roblox username..."), else the field's label before them
 * ("Quantity: Too small: expected number to be >=1"). Never the raw key ("robloxUsername: ...").
 */
function issueMessage(issue: z.ZodError["issues"][number]): string {
  const message = withoutRawKeys(issue.message);
  if (issue.path.length === 0) return message;
  const label = fieldLabel(issue.path);
  const text = message.toLowerCase();
  const key = String(issue.path.at(-1)).toLowerCase();
  return text.includes(label.toLowerCase()) || text.includes(key) ? message : `${label}: ${message}`;
}

// A request key a schema's message names ("minPurchase", "cartItems.id"): camelCase, maybe dotted.
const RAW_KEY = /\b[a-z]+(?:[A-Z][a-z0-9]*)+(?:\.[A-Za-z0-9]+)*\b/g;

/**
 * A schema's message in a person's words: "minPurchase must be..." -> "Min purchase must be...".
 * Quoted text is a value to type as it is ("storeCredit.adjust" among an enum's options): kept.
 */
export function withoutRawKeys(message: string): string {
  return message
    .split(/("[^"]*")/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(RAW_KEY, (key, offset: number) => {
            const label = fieldLabel(key.split("."));
            return offset === 0 && index === 0 ? label : label.charAt(0).toLowerCase() + label.slice(1);
          }),
    )
    .join("")
    .replace(/\broblox\b/g, "Roblox");
}

/** The first issue's message: what to fix first. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issueMessage(issue) : "Invalid input";
}

/** Each failing field (its request name, "cartItems.0.id" for nested ones) with its first message: the form shows it under the field. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join(".");
    if (name && !(name in fields)) fields[name] = issueMessage(issue);
  }
  return fields;
}

/** 400 for a body or query not of the schema's shape: the first problem as the message, every field's in `fields`. */
export function invalidFields(error: z.ZodError): DomainError {
  const fields = zodFieldErrors(error);
  return new DomainError("invalid", ErrorCode.invalidInput, describeZodError(error), Object.keys(fields).length > 0 ? { fields } : {});
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
    // A code the contract names is part of the answer; the error's own answer fields (missing, ...) too.
    const answer = CONTRACT_CODES.has(error.code) ? { code: error.code, ...error.answer } : error.answer;
    return errorJson(status, error.message, status === 429 ? { "retry-after": String(retryAfterOf(error)) } : {}, error.fields, answer);
  }
  if (error instanceof z.ZodError) return toErrorResponse(invalidFields(error), log);
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

import * as z from "zod";
import { DomainError } from "#domain/shared/domain-error.ts";
import { invalidFields, invalidInput, notJson, toErrorResponse } from "./http-errors.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";

/** The part of Astro's APIContext our routes use; tests build it directly. */
export interface RouteContext {
  request: Request;
  params: Record<string, string | undefined>;
  url: URL;
  locals: App.Locals;
  /** The connecting client's address (Astro's APIContext has it; tests may leave it out). */
}

export type RouteHandler = (context: RouteContext) => Promise<Response> | Response;

/** Largest JSON body accepted by default; uploads raise it explicitly. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function noContent(headers: HeadersInit = {}): Response {
  return new Response(null, { status: 204, headers });
}

/** A 302 for a browser navigation (an OAuth start), uncached, with the cookies the step set. */
export function redirectTo(location: string, setCookies: readonly string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of setCookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/**
 * Wraps a route so every failure, expected or not, leaves as the error contract. The pipeline maps
 * what else throws the same way (toErrorResponse), but an endpoint must return its error answer,
 * not throw it: Astro then leaves a 404 or 500 as it is instead of rendering its HTML error page.
 */
export function route(handler: RouteHandler): RouteHandler {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return toErrorResponse(error, context.locals.app?.log);
    }
  };
}

/**
 * Reads and validates a JSON body: too large is 413, not JSON is 400, not the schema's shape is 400
 * naming the field. The body is read as a stream and cut off at the limit, so a client cannot make
 * the server buffer more than that whatever Content-Length says.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, limit = DEFAULT_BODY_LIMIT): Promise<z.infer<S>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const text = await readLimited(request, limit);
  if (text !== "" && !isJsonContentType(request.headers.get("content-type"))) throw notJson();
  return parseJsonBody(text, schema);
}

/**
 * application/json or a +json type. A form or text/plain body is refused even when it happens to
 * parse: those are what a cross-site form can send without a preflight.
 */
export function isJsonContentType(contentType: string | null | undefined): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * A body already read: not JSON is 400, any JSON that is not an object (null, an array, a number)
 * is 400, not the schema's shape is 400 naming the field; empty is `{}`.
 */
export function parseJsonBody<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let data: unknown;
  try {
    data = text === "" ? undefined : JSON.parse(text);
  } catch {
    throw invalidInput("The request body is not valid JSON");
  }
  if (data !== undefined && (data === null || typeof data !== "object" || Array.isArray(data))) throw invalidInput("The request body must be a JSON object");
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

/** Validates the query string against a schema of string fields (use z.coerce for numbers). */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidFields(parsed.error);
  return parsed.data;
}

/** A route parameter that Astro's file name guarantees is present. */
export function param(context: RouteContext, name: string): string {
  const value = context.params[name];
  if (value === undefined || value === "") throw invalidInput(`${name} is required`);
  return value;
}

/** 413 with the error contract's message for a body over `limit` bytes. */
export function tooLarge(limit: number): DomainError {
  return new DomainError("too_large", ErrorCode.bodyTooLarge, `The request body is larger than ${Math.round(limit / 1024)} KB`);
}

/** The raw body as text, cut off at `limit` bytes (413): for bodies whose exact bytes matter (webhooks). */
export async function readText(request: Request, limit = DEFAULT_BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  return readLimited(request, limit);
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

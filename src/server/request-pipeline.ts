import type { App } from "./app.ts";
import { toErrorResponse } from "./http-errors.ts";

const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
};

/**
 * What every request goes through, outside of Astro so integration tests run the same steps:
 * security headers and one JSON log line (method, path, status, duration). Query strings are not
 * logged: they can carry emails and search text.
 */
export async function handleRequest(request: Request, app: App, next: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = toErrorResponse(error, app.log);
  }
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!response.headers.has(name)) {
      try {
        response.headers.set(name, value);
      } catch {
        // Some responses (redirects built by Response.redirect) have immutable headers.
      }
    }
  }
  app.log.info(
    {
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    },
    "request",
  );
  return response;
}

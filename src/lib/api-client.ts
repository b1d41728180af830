/**
 * The browser side of the JSON API, as the spec's "shared behaviour" describes it: JSON with a JSON
 * content type, credentials included, a body only for non-GET methods, no body on 204, and a
 * failure raised as an error whose message is the server's `error` field, else its `message`
 * field, else `HTTP {status}`.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The error answer's JSON, for fields beyond `error` (e.g. the capture's `restart`). */
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

type Params = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export async function apiRequest<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    ...init,
    method,
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json", ...(init.headers as Record<string, string> | undefined) },
    ...(method === "GET" || body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const fields = (data ?? {}) as { error?: unknown; message?: unknown };
    const message =
      typeof fields.error === "string" ? fields.error : typeof fields.message === "string" ? fields.message : `HTTP ${response.status}`;
    throw new ApiError(response.status, message, data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {});
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, params?: Params, init?: RequestInit) => apiRequest<T>("GET", withQuery(path, params), undefined, init),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>("POST", path, body ?? {}, headers ? { headers } : {}),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
};

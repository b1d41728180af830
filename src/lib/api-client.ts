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
  /** What the server said is wrong with each field it names (400 `fields`), by the request's field name. */
  readonly fields: Readonly<Record<string, string>>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
    this.fields = isTextMap(body["fields"]) ? body["fields"] : {};
  }
}

function isTextMap(value: unknown): value is Record<string, string> {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}

/**
 * The server's error for each of a form's fields: a form shows these under its fields and raises
 * only what names none of them (a toast, an alert). Empty when the failure is not a field's.
 */
export function fieldErrorsOf<K extends string>(error: unknown, names: readonly K[]): Partial<Record<K, string>> {
  if (!(error instanceof ApiError)) return {};
  const found: Partial<Record<K, string>> = {};
  for (const name of names) if (error.fields[name]) found[name] = error.fields[name];
  return found;
}

/** What to tell the person about a failed call: the server's own words for an API error, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
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

/**
 * Raised on window when the server answers 401 (not signed in) to any call: the admin panel shows its
 * login form again with a message (a session that lapsed must not leave a dead panel).
 */
export const UNAUTHORIZED_EVENT = "api:unauthorized";

export async function apiRequest<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  return (await send<T>(method, path, body, init)).data;
}

async function send<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<{ data: T; headers: Headers }> {
  const response = await fetch(path, {
    ...init,
    method,
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json", ...(init.headers as Record<string, string> | undefined) },
    ...(method === "GET" || body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  const data: unknown = await response.json().catch(() => null);
  if (response.status === 401 && typeof window !== "undefined") window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT, { detail: { path } }));
  if (!response.ok) {
    const fields = (data ?? {}) as { error?: unknown; message?: unknown };
    const message = typeof fields.error === "string" ? fields.error : typeof fields.message === "string" ? fields.message : `HTTP ${response.status}`;
    throw new ApiError(response.status, message, data !== null && typeof data === "object" ? (data as Record<string, unknown>) : {});
  }
  return { data: data as T, headers: response.headers };
}

/** One page of an admin list: its rows and how many rows the filter finds (X-Total-Count). */
export interface ListPage<T> {
  rows: T[];
  total: number;
  /** The server stopped counting at `total` (X-Total-Count-Capped): there are at least that many. */
  capped: boolean;
}

/** One page of a list paged by cursor: its rows and the cursor of the next page (X-Next-Cursor), null on the last. */
export interface CursorPage<T> {
  rows: T[];
  nextCursor: string | null;
}

export const api = {
  get: <T>(path: string, params?: Params, init?: RequestInit) => apiRequest<T>("GET", withQuery(path, params), undefined, init),
  /** A list answered as an array with its total in X-Total-Count (the rows' count when absent). */
  getPage: async <T>(path: string, params?: Params): Promise<ListPage<T>> => {
    const { data, headers } = await send<T[]>("GET", withQuery(path, params));
    const total = Number(headers.get("x-total-count"));
    return {
      rows: data,
      total: Number.isFinite(total) && headers.has("x-total-count") ? total : data.length,
      capped: headers.get("x-total-count-capped") === "true",
    };
  },
  /** A list answered as an array with the next page's cursor in X-Next-Cursor. */
  getCursorPage: async <T>(path: string, params?: Params): Promise<CursorPage<T>> => {
    const { data, headers } = await send<T[]>("GET", withQuery(path, params));
    return { rows: data, nextCursor: headers.get("x-next-cursor") };
  },
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => apiRequest<T>("POST", path, body ?? {}, headers ? { headers } : {}),
  /** A body that is not JSON (a CSV file), sent as is with its own content type; the answer is JSON as ever. */
  postText: <T>(path: string, text: string, contentType: string) =>
    apiRequest<T>("POST", path, undefined, { body: text, headers: { "content-type": contentType } }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>("DELETE", path),
};

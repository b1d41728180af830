/**
 * A browser's cookie jar over fetch, for the benchmarks and the tests that drive real store
 * processes: the session cookie an answer sets goes out with every later call, whichever process
 * answers it (sessions live in the database).
 */
export function cookieJar() {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    /** The Cookie header a browser would send now (an event stream opened by hand needs it). */
    header,
    /**
     * One JSON call. `origin` goes out on a write only, as a browser sends it: the store refuses a
     * write whose Origin is neither its own nor PUBLIC_URL (CSRF), so a call through a proxy names
     * the public origin there.
     */
    async fetch(url: string, method: string, body?: unknown, origin?: string): Promise<Response> {
      const response = await fetch(url, {
        method,
        headers: { "content-type": "application/json", ...(origin && method !== "GET" ? { origin } : {}), cookie: header() },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    },
  };
}

/** An answer's status and its JSON body (null when it has none). */
export async function jsonAnswer(response: Response): Promise<{ status: number; body: any }> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

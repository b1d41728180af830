import type * as z from "zod";
import type { Clock } from "#domain/shared/clock.port.ts";

export interface RobloxCallsConfig {
  /** How long one call may take before Roblox counts as unreachable. */
  timeoutMs: number;
  /** How long to stop asking after a failure or a 429 without Retry-After. */
  backOffMs?: number;
  fetchImpl?: typeof fetch;
  /** Told once per failure (a timeout, a 5xx, a 429), so operators see Roblox being down. */
  onFailure?: (what: string) => void;
}

/** Roblox could not be asked (timeout, 5xx, 429, an answer of another shape, or backing off). */
export class RobloxUnreachable extends Error {}

/**
 * Calls to one of Roblox's web APIs: each with a timeout; a 429 stops all calls for its Retry-After
 * (or `backOffMs`), and so does a failure, so a Roblox that is down costs one timeout, not one per
 * shopper. `call` answers null for 404 and 400 (no such thing) and throws RobloxUnreachable otherwise.
 */
export function createRobloxCalls(config: RobloxCallsConfig, clock: Clock) {
  const fetchImpl = config.fetchImpl ?? fetch;
  const backOffMs = config.backOffMs ?? 30_000;
  let pausedUntil = 0;

  function fail(what: string, pauseMs = backOffMs): never {
    pausedUntil = clock.now().getTime() + pauseMs;
    config.onFailure?.(what);
    throw new RobloxUnreachable(what);
  }

  async function call(url: string, init: RequestInit = {}): Promise<Response | null> {
    if (clock.now().getTime() < pausedUntil) throw new RobloxUnreachable("backing off");
    let response: Response;
    try {
      response = await fetchImpl(url, {
        ...init,
        headers: { accept: "application/json", ...(init.body ? { "content-type": "application/json" } : {}) },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      return fail(`Roblox ${new URL(url).pathname} did not answer: ${String(error)}`);
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get("retry-after"));
      return fail(`Roblox ${new URL(url).pathname} answered 429`, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : backOffMs);
    }
    if (response.status === 404 || response.status === 400) return null;
    if (!response.ok) return fail(`Roblox ${new URL(url).pathname} answered ${response.status}`);
    return response;
  }

  async function decode<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) fail(`Roblox ${what} answered in an unexpected shape`);
    return parsed.data;
  }

  return { call, decode, fail };
}

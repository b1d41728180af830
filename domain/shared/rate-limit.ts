import type { DomainError } from "./domain-error.ts";
import type { RateLimiter } from "./rate-limiter.port.ts";

/** One limit: at most `limit` attempts per `windowMs` for `key` ("sign-up:ip:1.2.3.4"). */
export interface LimitCheck {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against every check (a person and their address, say) and throws `refuse`'s
 * error, with the longest wait of the refused ones, when any is over. Every key is counted even when
 * an earlier one refuses, so hammering one door does not keep another window fresh.
 */
export async function enforceLimits(limiter: RateLimiter, checks: readonly LimitCheck[], refuse: (retryAfterSeconds: number) => DomainError): Promise<void> {
  let wait = 0;
  for (const check of checks) {
    if (!(await limiter.hit(check.key, check.limit, check.windowMs))) wait = Math.max(wait, limiter.secondsLeft(check.windowMs));
  }
  if (wait > 0) throw refuse(wait);
}

/** How many times the per-person limit an address may reach (a household or office shares one). */
export const ADDRESS_CEILING_FACTOR = 5;

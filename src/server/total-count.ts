import type { BoundedCount } from "#read-models/shared/bounded-count.ts";

/**
 * An admin list's total as headers: X-Total-Count, the number the filter finds (a number, as
 * before), and, when the count stopped at its cap (read-models/shared/bounded-count.ts), also
 * X-Total-Count-Capped: true, so X-Total-Count means "at least" and the panel shows "10,000+".
 */
export function totalCountHeaders(count: BoundedCount): Record<string, string> {
  return count.capped ? { "X-Total-Count": String(count.total), "X-Total-Count-Capped": "true" } : { "X-Total-Count": String(count.total) };
}

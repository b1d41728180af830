import * as z from "zod";

/** `?limit=` of an analytics list, within what the list keeps. */
export function ListLimitQuery(max: number) {
  return z.object({ limit: z.coerce.number().int().min(1).max(max).optional() });
}

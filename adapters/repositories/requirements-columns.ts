import * as z from "zod";
import { DELIVERY_METHODS, type DeliveryMethod, type Requirement } from "#domain/catalogue/requirements.ts";

const Requirements = z.array(z.object({ code: z.string(), text: z.string(), url: z.string().optional() }));

/** A game's or product's `requirements` column (migration 0055); a value that is not such a list reads as none. */
export function requirementsOf(column: string): Requirement[] {
  try {
    const parsed = Requirements.safeParse(JSON.parse(column));
    return parsed.success ? parsed.data.map((r) => (r.url ? { code: r.code, text: r.text, url: r.url } : { code: r.code, text: r.text })) : [];
  } catch {
    return [];
  }
}

export function requirementsColumn(requirements: readonly Requirement[]): string {
  return JSON.stringify(requirements.map((r) => (r.url ? { code: r.code, text: r.text, url: r.url } : { code: r.code, text: r.text })));
}

/** The `deliveryMethod` column; an unknown value reads as an in-game trade. */
export function deliveryMethodOf(column: string): DeliveryMethod {
  return (DELIVERY_METHODS as readonly string[]).includes(column) ? (column as DeliveryMethod) : "trade";
}

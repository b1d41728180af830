import type { DiscountCode } from "./discount-code.ts";

/** Stored discount codes. Codes are unique (the database refuses a duplicate). */
export interface DiscountCodeRepository {
  /** The code with this id, or null. */
  byId(id: string): Promise<DiscountCode | null>;
  /** The code with this (already normalised) text, or null. */
  byCode(code: string): Promise<DiscountCode | null>;
  add(code: DiscountCode, at: Date): Promise<void>;
  /** Replaces the definition; usageCount is never written here (only countUse changes it). */
  update(code: DiscountCode, at: Date): Promise<void>;
  /** Removes the code; false when there was none. */
  remove(id: string): Promise<boolean>;
}

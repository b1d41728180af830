import type { Cents } from "../shared/money.ts";
import {
  badDiscountDefinition,
  discountExpired,
  discountNotApplicable,
  discountNotStarted,
  discountUsedUp,
  invalidDiscountCode,
  minimumPurchaseRequired,
} from "./discount-code.errors.ts";

export const DISCOUNT_TYPES = ["percentage", "fixed"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_STATUSES = ["active", "inactive"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** A code shoppers enter at checkout (admin-panel.md section 3). */
export interface DiscountCode {
  id: string;
  /** Upper case, as shoppers type it after upper-casing. */
  code: string;
  type: DiscountType;
  /** Whole percent (1 to 100) for "percentage"; cents for "fixed". */
  amount: number;
  status: DiscountStatus;
  /** Valid from this instant (inclusive); null means no start. */
  startDate: Date | null;
  /** Valid until this instant (inclusive); null means no end. */
  endDate: Date | null;
  /** How many orders may use the code; null means unlimited. */
  usageLimit: number | null;
  usageCount: number;
  minPurchase: Cents | null;
  /** The id of the game whose items the code applies to; null means every item. */
  appliesToGame: string | null;
  createdBy: string | null;
}

export type DiscountDefinition = Omit<DiscountCode, "id" | "usageCount" | "createdBy">;

/**
 * What an administrator types, before it becomes a definition: the amount in hundredths whatever the
 * type ("10" is 1000: ten percent, or $10.00), since the form's one field means either.
 */
export type DiscountInput = Omit<DiscountDefinition, "amount"> & { amountHundredths: number };

/** Turns the typed amount into the stored one: whole percent, or cents. A fractional percent is refused. */
export function amountFromHundredths(type: DiscountType, hundredths: number): number {
  if (type === "fixed") return hundredths;
  if (hundredths % 100 !== 0) throw badDiscountDefinition("A percentage must be a whole number", "amount");
  return hundredths / 100;
}

export function amountInHundredths(code: Pick<DiscountCode, "type" | "amount">): number {
  return code.type === "fixed" ? code.amount : code.amount * 100;
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/** How a shopper's typed code is looked up: trimmed and upper-cased (storefront.md section 5). */
export function normalizeCode(text: string): string {
  return text.trim().toUpperCase();
}

/** The rules an administrator's code must follow; throws a 400 naming the first broken one. */
export function checkDiscountDefinition(definition: DiscountDefinition, usageCount = 0): void {
  if (!CODE_PATTERN.test(definition.code)) {
    throw badDiscountDefinition("Code must be 1 to 40 letters, digits, - or _", "code");
  }
  if (!Number.isSafeInteger(definition.amount) || definition.amount <= 0) throw badDiscountDefinition("Amount must be greater than 0", "amount");
  if (definition.type === "percentage" && definition.amount > 100) throw badDiscountDefinition("A percentage discount is at most 100", "amount");
  if (definition.startDate && definition.endDate && definition.startDate > definition.endDate) {
    throw badDiscountDefinition("The end date must not be before the start date", "endDate");
  }
  if (definition.usageLimit !== null && (!Number.isSafeInteger(definition.usageLimit) || definition.usageLimit < 1)) {
    throw badDiscountDefinition("Usage limit must be a whole number of at least 1, or empty for no limit", "usageLimit");
  }
  if (definition.usageLimit !== null && definition.usageLimit < usageCount) {
    throw badDiscountDefinition(`Usage limit cannot be below the ${usageCount} times the code was already used`, "usageLimit");
  }
  if (definition.minPurchase !== null && definition.minPurchase < 0) throw badDiscountDefinition("Minimum purchase cannot be negative", "minPurchase");
}

/** Whether the code can be used at all right now: active, within its dates, uses left. */
export function assertCodeUsable(code: DiscountCode, now: Date): void {
  if (code.status !== "active") throw invalidDiscountCode();
  if (code.startDate && now < code.startDate) throw discountNotStarted();
  if (code.endDate && now > code.endDate) throw discountExpired();
  if (code.usageLimit !== null && code.usageCount >= code.usageLimit) throw discountUsedUp();
}

/** A cart line as discounts see it. */
export interface DiscountableLine {
  gameId: string;
  /** Unit price times quantity. */
  lineTotal: Cents;
}

/**
 * The discount a usable code gives on these lines, in cents. The minimum purchase is checked
 * against the whole subtotal; a code for one game discounts only that game's lines. Percentages
 * round to the nearest cent (half up). The discount never exceeds what it applies to, so a total
 * is never negative.
 */
export function discountFor(code: DiscountCode, lines: readonly DiscountableLine[]): Cents {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  if (code.minPurchase !== null && subtotal < code.minPurchase) throw minimumPurchaseRequired(code.minPurchase);
  const eligible = code.appliesToGame === null ? subtotal : lines.filter((l) => l.gameId === code.appliesToGame).reduce((sum, l) => sum + l.lineTotal, 0);
  if (eligible <= 0) throw discountNotApplicable();
  const raw = code.type === "percentage" ? Math.round((eligible * code.amount) / 100) : code.amount;
  return Math.min(raw, eligible);
}

/** Every rule at once: the code is usable now and gives this discount on these lines. */
export function applyDiscount(code: DiscountCode, lines: readonly DiscountableLine[], now: Date): Cents {
  assertCodeUsable(code, now);
  return discountFor(code, lines);
}

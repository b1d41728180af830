/**
 * Pure helpers of the admin panel's operations tabs (orders, reviews, discounts, users, analytics):
 * formatting and the form rules of admin-panel.md sections 4, 5 and 9.
 */
import type { DiscountCodeView } from "#read-models/shopping/shopping.views.ts";

export type BadgeVariant = "default" | "secondary" | "outline" | "destructive";

/**
 * admin-panel.md 4: completed and approved use the default style, pending is secondary, processing
 * is outline, rejected is destructive. Cancelled is not named by the spec: destructive too.
 */
export function statusBadgeVariant(status: string): BadgeVariant {
  if (status === "pending") return "secondary";
  if (status === "processing") return "outline";
  if (status === "rejected" || status === "cancelled") return "destructive";
  return "default";
}

const BADGE_CLASSES: Record<BadgeVariant, string> = {
  default: "bg-brand-600 text-white border-transparent",
  secondary: "bg-ink-700 text-slate-100 border-transparent",
  outline: "bg-transparent text-slate-100 border-slate-400",
  destructive: "bg-red-600 text-white border-transparent",
};

export function badgeClass(status: string): string {
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE_CLASSES[statusBadgeVariant(status)]}`;
}

/** The daily lists: the `count` most recent days of a date → value map, newest first. */
export function recentDays<V>(byDay: Record<string, V>, count = 10): Array<[string, V]> {
  return Object.entries(byDay)
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0))
    .slice(0, count);
}

/** The discount form as typed (every field a string, as inputs hold them). */
export interface DiscountForm {
  code: string;
  type: "percentage" | "fixed";
  amount: string;
  status: "active" | "inactive";
  startDate: string;
  endDate: string;
  usageLimit: string;
  minPurchase: string;
  appliesToGame: string;
}

export const EMPTY_DISCOUNT_FORM: DiscountForm = {
  code: "",
  type: "percentage",
  amount: "",
  status: "active",
  startDate: "",
  endDate: "",
  usageLimit: "",
  minPurchase: "",
  appliesToGame: "",
};

/** Save is enabled only when the code is non-empty and the amount is greater than 0 (admin-panel.md 5). */
export function canSaveDiscount(form: DiscountForm): boolean {
  return discountFormProblem(form) === null;
}

/** What the discount form still needs before it can be saved, said to the admin (null: nothing). */
export function discountFormProblem(form: DiscountForm): string | null {
  const amount = Number(form.amount);
  if (form.code.trim() === "" && form.amount.trim() === "") return "Enter a code and an amount to continue";
  if (form.code.trim() === "") return "Enter a code to continue";
  if (form.amount.trim() === "" || !Number.isFinite(amount) || amount <= 0) return "Enter an amount above 0 to continue";
  return null;
}

/** The amount input's step: 1 for percentage, 0.01 for fixed. */
export function discountAmountStep(type: DiscountForm["type"]): string {
  return type === "percentage" ? "1" : "0.01";
}

/**
 * The body of POST /api/admin/discount-codes (and PATCH): code upper case; usageLimit an integer or
 * null when empty; dates, minPurchase and appliesToGame null when empty; createdBy the admin.
 */
export function discountPayload(form: DiscountForm, createdBy: string | null) {
  const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());
  const limit = Number.parseInt(form.usageLimit, 10);
  return {
    code: form.code.trim().toUpperCase(),
    type: form.type,
    amount: form.amount.trim(),
    status: form.status,
    startDate: blankToNull(form.startDate),
    endDate: blankToNull(form.endDate),
    usageLimit: Number.isNaN(limit) ? null : limit,
    minPurchase: blankToNull(form.minPurchase),
    appliesToGame: blankToNull(form.appliesToGame),
    createdBy,
  };
}

/** A code as the list shows it, back into the form for editing. */
export function discountFormOf(
  code: Pick<DiscountCodeView, "code" | "type" | "amount" | "status" | "startDate" | "endDate" | "usageLimit" | "minPurchase" | "appliesToGame">,
): DiscountForm {
  return {
    code: code.code,
    type: code.type,
    amount: code.amount,
    status: code.status,
    startDate: code.startDate ? code.startDate.slice(0, 10) : "",
    endDate: code.endDate ? code.endDate.slice(0, 10) : "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    minPurchase: code.minPurchase ?? "",
    appliesToGame: code.appliesToGame ?? "",
  };
}

/** Store credit: the amount must be a number greater than 0 (admin-panel.md 5). */
export function validCreditAmount(text: string): boolean {
  const value = Number(text);
  return text.trim() !== "" && Number.isFinite(value) && value > 0;
}

/** Store credit is shown with 2 decimals. */
export function twoDecimals(value: string | number): string {
  return Number(value).toFixed(2);
}

/** Case-insensitive "contains" for client-side search boxes. */
export function matches(text: string | null | undefined, query: string): boolean {
  return query.trim() === "" || (text ?? "").toLowerCase().includes(query.trim().toLowerCase());
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** How the Orders tab names a payment status (issue 18). */
export const PAYMENT_STATUS_LABELS: Record<string, string> = {
  awaiting: "awaiting payment",
  paid: "paid",
  partially_refunded: "partly refunded",
  refunded: "refunded",
  reversed: "reversed",
  denied: "payment denied",
};

/** The badge style of a payment status: money in is default, waiting secondary, lost destructive. */
export function paymentBadgeClass(status: string): string {
  const variant: BadgeVariant =
    status === "awaiting" ? "secondary" : status === "paid" ? "default" : status === "reversed" || status === "denied" ? "destructive" : "outline";
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[variant]}`;
}

/**
 * The refund form's amount: blank means everything left; otherwise a positive decimal with at most
 * two decimals, at most what is left. Answers cents, or an error to show.
 */
export function parseRefundAmount(text: string, leftCents: number): { cents: number | null } | { error: string } {
  const value = text.trim();
  if (value === "") return { cents: null };
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return { error: "Enter an amount such as 12.34" };
  const [whole = "0", fraction = ""] = value.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (cents <= 0) return { error: "Enter an amount above 0.00" };
  if (cents > leftCents) return { error: `At most $${(leftCents / 100).toFixed(2)} is left to refund` };
  return { cents };
}

import * as z from "zod";
import { DISCOUNT_STATUSES, DISCOUNT_TYPES } from "#domain/promotions/discount-code.ts";
import { ORDER_STATUSES } from "#domain/orders/order.ts";
import { centsFromDecimal } from "#domain/shared/money.ts";
import { LogoUpload } from "./catalogue-admin.schemas.ts";
import { isValidRobloxUsername, ROBLOX_USERNAME_RULE } from "#domain/checkout/roblox-username.ts";

const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100);

/** A quantity from JSON: a whole number of at least 1 (negative, fractional and text are refused). */
const quantity = z
  .number({ error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(10_000, "Quantity is at most 10000");

/** Money as the spec's decimal string ("12.99") or a JSON number; answers cents. */
const money = (name: string) =>
  z.union([z.string(), z.number()], { error: `${name} must be an amount like 12.99` }).transform((value, ctx) => {
    const cents = centsFromDecimal(typeof value === "number" ? String(value) : value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: `${name} must be an amount like 12.99` });
      return z.NEVER;
    }
    return cents;
  });

/** "" and null both mean "not set" (the admin form sends empty fields as either). */
const blankToNull = (value: unknown) => (value === "" ? null : value);

export const CartAdd = z.object({ productId: id("productId"), quantity: quantity.default(1) });
export const CartQuantity = z.object({ quantity });

// `userId` is in the spec's payload (always null from the page); the owner comes from the session.
export const WishlistAdd = z.object({ productId: id("productId"), userId: z.string().max(100).nullable().optional() });

export const DiscountValidate = z.object({
  code: z.string({ error: "Please enter a discount code" }).trim().min(1, "Please enter a discount code").max(40, "Invalid discount code"),
});

const dateBound = (edge: "start" | "end") =>
  z.preprocess(
    blankToNull,
    z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: `${edge}Date must be a date like 2026-12-31` })
      .nullable()
      // A plain date covers that whole day (UTC): from its first to its last millisecond.
      .transform((value) =>
        value === null ? null : new Date(value.length === 10 ? `${value}T${edge === "start" ? "00:00:00.000" : "23:59:59.999"}Z` : value),
      ),
  );

const DiscountFields = z.object({
  code: z.string({ error: "code is required" }).trim().min(1, "code is required").max(40),
  type: z.enum(DISCOUNT_TYPES, { error: "type must be percentage or fixed" }),
  // Hundredths, whatever the type: "10" is 10 percent or $10.00 (see amountFromHundredths).
  amount: money("amount"),
  status: z.enum(DISCOUNT_STATUSES, { error: "status must be active or inactive" }),
  startDate: dateBound("start"),
  endDate: dateBound("end"),
  usageLimit: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : blankToNull(value)),
    z.number({ error: "usageLimit must be a whole number or empty" }).int("usageLimit must be a whole number").nullable(),
  ),
  minPurchase: z.preprocess(blankToNull, money("minPurchase").nullable()),
  appliesToGame: z.preprocess(blankToNull, z.string().trim().max(100).nullable()),
});

export const DiscountCreate = DiscountFields.extend({
  status: DiscountFields.shape.status.default("active"),
  startDate: DiscountFields.shape.startDate.default(null),
  endDate: DiscountFields.shape.endDate.default(null),
  usageLimit: DiscountFields.shape.usageLimit.default(null),
  minPurchase: DiscountFields.shape.minPurchase.default(null),
  appliesToGame: DiscountFields.shape.appliesToGame.default(null),
  // In the spec's payload; the server records the signed-in administrator instead.
  createdBy: z.unknown().optional(),
});

export const DiscountUpdate = DiscountFields.partial().extend({ createdBy: z.unknown().optional(), usageCount: z.unknown().optional() });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/roblox/resolve: the name as typed at checkout, checked against Roblox's own rule first. */
export const RobloxResolve = z.object({
  username: z
    .string({ error: "Please enter a Roblox username" })
    .trim()
    .min(1, "Please enter a Roblox username")
    .max(50)
    .refine(isValidRobloxUsername, `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`),
});

export const CheckoutPrepare = z.object({
  // Blank fields reach the domain, which answers the spec's "Missing Information".
  email: z
    .string()
    .trim()
    .max(254)
    .default("")
    .refine((v) => v === "" || EMAIL.test(v), "Please enter a valid email address"),
  robloxUsername: z
    .string()
    .trim()
    .max(50)
    .default("")
    .refine((v) => v === "" || isValidRobloxUsername(v), `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`),
  total: money("total"),
  cartItems: z.array(z.object({ id: id("cartItems.id"), quantity: quantity.optional() }), { error: "cartItems must be a list" }).max(200),
  discountCodeId: z.string().max(100).nullable().default(null),
  discountAmount: z.preprocess(blankToNull, money("discountAmount").nullable()).default(null),
  // "Use my store credit": the server decides how much of it applies.
  useStoreCredit: z.boolean({ error: "useStoreCredit must be true or false" }).default(false),
  // The codes of the cart's requirements the shopper ticked; the domain decides which are needed.
  acknowledgedRequirements: z.array(z.string().max(60), { error: "acknowledgedRequirements must be a list of codes" }).max(100).default([]),
  // The buyer's gamepass (link or id) for a cart with a Robux product; the domain parses and checks it.
  gamePass: z.string({ error: "gamePass must be the pass's link or id" }).trim().max(300).nullable().default(null),
});

export const GamePassCheck = z.object({
  gamePass: z.string({ error: "Paste your gamepass link or its number" }).trim().min(1, "Paste your gamepass link or its number").max(300),
  amount: z.number("amount must be the Robux the buyer receives").int("amount must be a whole number of Robux").min(1).max(1_000_000),
  robloxUsername: z
    .string({ error: "robloxUsername must be the Roblox username that receives the Robux" })
    .trim()
    .max(50)
    .refine(isValidRobloxUsername, `Please enter a valid Roblox username: ${ROBLOX_USERNAME_RULE}`),
});

export const PayPalOrderRequest = z.object({
  // The amount charged is the prepared checkout's; the page's figure is accepted and ignored.
  amount: z.union([z.string(), z.number()]).optional(),
  currency: z.literal("USD", { error: "Only USD is accepted" }).optional(),
  intent: z.literal("CAPTURE", { error: "intent must be CAPTURE" }).optional(),
  /** Sandbox mode only: the outcome the test payment button chose. */
  sandboxOutcome: z.enum(["approve", "decline", "pending"], { error: "sandboxOutcome must be approve, decline or pending" }).optional(),
  /** A parent paying a minor's checkout through the emailed link: the link's token, instead of a session. */
  payToken: z.string().min(1).max(200).optional(),
});

/** POST /paypal/order/{id}/capture: a parent's capture names the link's token; a shopper's sends nothing. */
export const CaptureRequest = z.object({ payToken: z.string().min(1).max(200).optional() });

/** POST /stripe/payment-intent: the prepared checkout the shopper pays (or a parent, with their link's token instead). */
export const StripeIntentRequest = z
  .object({
    checkoutId: z.string().min(1, "checkoutId is required").max(100).optional(),
    payToken: z.string().min(1).max(200).optional(),
  })
  // A shopper names the checkout they pay; a parent's link token names its own.
  .refine((body) => body.checkoutId !== undefined || body.payToken !== undefined, { message: "checkoutId is required", path: ["checkoutId"] });

/** POST /api/checkout/parent-link. */
export const ParentLinkRequest = z.object({
  parentEmail: z
    .string({ error: "parentEmail is required" })
    .trim()
    .max(254)
    .refine((v) => EMAIL.test(v), "Please enter your parent's email address"),
});

export const OrderStatusChange = z.object({ status: z.enum(ORDER_STATUSES, { error: "status must be pending, processing, completed or cancelled" }) });

/** POST /api/admin/orders/{id}/proof: one screenshot, plain base64 or a data URL (the panel's FileReader). */
export const ProofUpload = LogoUpload.pick({ base64Image: true });

/**
 * GET /api/orders?limit=&before=: a page of the shopper's own orders, newest first, after
 * the order `before` (the X-Next-Cursor of the previous page). Without them, the newest 20.
 */
export const OrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  before: z.string().min(1).max(100).optional(),
});

/** POST /api/orders/{id}/confirm: the shopper's answer about a delivered order. */
export const ConfirmReceiptBody = z.object({
  received: z.boolean(),
  note: z.string().max(2000).nullish(),
});

/** PUT /api/admin/orders/{id}/private-server: a Roblox private server's https link, or null to clear it. */
export const PrivateServerBody = z.object({
  url: z
    .string()
    .trim()
    .max(500)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" && (url.hostname === "roblox.com" || url.hostname.endsWith(".roblox.com"));
      } catch {
        return false;
      }
    }, "Please give the private server's https://www.roblox.com/... link")
    .nullable(),
});

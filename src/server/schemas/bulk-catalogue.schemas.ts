import * as z from "zod";
import { centsFromDecimal } from "#domain/shared/money.ts";

/** A signed amount in dollars ("-1.50", "2"), as cents. */
const signedMoney = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  const negative = text.startsWith("-");
  const cents = centsFromDecimal(negative ? text.slice(1) : text);
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "Enter an amount such as 1.50 or -1.50" });
    return z.NEVER;
  }
  return negative ? -cents : cents;
});

const price = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = centsFromDecimal(String(value));
  if (cents === null || cents < 1) {
    ctx.addIssue({ code: "custom", message: "Enter a price of at least 0.01, such as 12.99" });
    return z.NEVER;
  }
  return cents;
});

/** POST /api/admin/products/bulk-price: a selection and one change, exactly one of set, percent or amount. */
export const BulkPriceRequest = z
  .object({
    productIds: z.array(z.string().trim().min(1)).min(1, "Choose at least one product").max(20_000),
    set: price.optional(),
    percent: z.number({ error: "Enter a percentage such as 10 or -10" }).min(-99.99, "A price cannot be lowered by 100% or more").max(1000).optional(),
    amount: signedMoney.optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.set, body.percent, body.amount].filter((v) => v !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: "custom", path: ["set"], message: "Give one change: a new price, a percentage or an amount" });
  });

/** POST /api/admin/products/import?dryRun=1: check every line and write nothing; without it, apply. */
export const CatalogueImportQuery = z.object({
  dryRun: z
    .enum(["0", "1", "true", "false"], { error: "dryRun must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

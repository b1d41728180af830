import type { Clock } from "../shared/clock.port.ts";
import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { productNotFound } from "../catalogue/catalogue.errors.ts";
import { BASIC_EMAIL_PATTERN, ITEM_REQUEST_LIMITS } from "../catalogue/item-request.ts";
import { STOCK_ALERT_RATE } from "./stock-alert.ts";
import type { StockAlertRepository } from "./stock-alerts.port.ts";

/**
 * "Email me when it's back": the address waits for the product's next restock. The answer is the
 * same whether or not it already waited (nobody learns who waits for what), so this returns
 * nothing. Refused: an unknown product (not_found), a malformed address (invalid), more than
 * STOCK_ALERT_RATE.max sign-ups a minute from one address or client (rate_limited).
 */
export async function askStockAlert(
  input: { productId: string; email: string; clientKey: string },
  deps: { alerts: StockAlertRepository; clock: Clock; ids: IdGenerator },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  if (!BASIC_EMAIL_PATTERN.test(email) || email.length > ITEM_REQUEST_LIMITS.email) {
    throw new DomainError("invalid", ErrorCode.invalidInput, "Please enter a valid email address");
  }
  const now = deps.clock.now();
  const since = new Date(now.getTime() - STOCK_ALERT_RATE.windowMs).toISOString();
  if ((await deps.alerts.countRecent({ email, clientKey: input.clientKey }, since)) >= STOCK_ALERT_RATE.max) {
    throw new DomainError("rate_limited", ErrorCode.stockAlertsRateLimited, "Too many requests. Please wait a minute and try again.");
  }
  if ((await deps.alerts.stockOf(input.productId)) === null) throw productNotFound();
  await deps.alerts.addUnlessWaiting(
    { id: deps.ids.newId(), productId: input.productId, email, status: "waiting", createdAt: now.toISOString(), itemRequestId: null },
    input.clientKey,
  );
}

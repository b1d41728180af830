import { amountDue, paymentRequired, type PreparedCheckout } from "#domain/checkout/checkout.ts";
import { formatCents } from "#domain/shared/money.ts";
import type { PreparedCheckoutView } from "#read-models/shopping/checkout.views.ts";

/** A prepared checkout as the checkout page sees it: the server's figures, as decimal strings. */
export function preparedCheckoutJson(checkout: PreparedCheckout, provider: string): PreparedCheckoutView {
  return {
    id: checkout.id,
    status: "payment-prepared",
    provider,
    email: checkout.email,
    robloxUsername: checkout.robloxUsername,
    items: checkout.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      price: formatCents(item.unitPrice),
      quantity: item.quantity,
    })),
    subtotal: formatCents(checkout.subtotal),
    discountCode: checkout.discountCode,
    discount: formatCents(checkout.discount),
    total: formatCents(checkout.total),
    // Store credit pays `creditApplied`; the payment is asked for `amountDue`. Without a payment
    // step (`paymentRequired` false) the page places the order with POST /api/checkout/complete.
    creditApplied: formatCents(checkout.creditApplied),
    amountDue: formatCents(amountDue(checkout)),
    paymentRequired: paymentRequired(checkout),
    expiresAt: checkout.expiresAt.toISOString(),
  };
}

import type { PreparedCheckout } from "../../domain/ordering/checkout.ts";
import { formatCents } from "../../domain/shared/money.ts";

/** A prepared checkout as the checkout page sees it: the server's figures, as decimal strings. */
export function preparedCheckoutJson(checkout: PreparedCheckout, provider: string) {
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
    expiresAt: checkout.expiresAt.toISOString(),
  };
}

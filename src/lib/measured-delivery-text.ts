import type { MeasuredDelivery } from "#domain/analytics/measured-delivery.ts";
import { MEASURED_DELIVERY_DAYS } from "#domain/analytics/measured-delivery.ts";
import { promiseInWords } from "#domain/fulfilment/delivery.ts";

/**
 * The product page's measured line: "This item: median 12 minutes over the last 30 days (14
 * orders)", or for its game "Adopt Me orders: median 12 minutes over the last 30 days (41 orders)".
 */
export function measuredDeliveryText(measured: MeasuredDelivery, gameName: string): string {
  const whose = measured.scope === "product" ? "This item" : `${gameName} orders`;
  const orders = `${measured.deliveries.toLocaleString("en-US")} ${measured.deliveries === 1 ? "order" : "orders"}`;
  return `${whose}: median ${promiseInWords(measured.medianMinutes)} over the last ${MEASURED_DELIVERY_DAYS} days (${orders})`;
}

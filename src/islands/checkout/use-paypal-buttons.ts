import { useEffect, type RefObject } from "react";
import type { PaymentOrderView, PaymentSetupView } from "#read-models/shopping/checkout.views.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { loadPayPalSdk } from "../../lib/paypal-sdk.ts";

interface PayPalButtonsOptions {
  /** Render them now (PayPal mode, checkout prepared). */
  active: boolean;
  container: RefObject<HTMLDivElement | null>;
  /** What the payment is asked for, as the server prepared it. */
  amountDue: string | undefined;
  capture: (paymentId: string) => Promise<void>;
  /** A declined or failed payment: what to tell the shopper (null: the shopper cancelled, say nothing). */
  onDeclined: (error: unknown) => void;
  onProblem: (message: string | null) => void;
  /** A parent paying through their emailed link: the link's token opens the payment. */
  payToken?: string;
}

/** PayPal mode: the SDK's buttons open the payment and capture it through the store's endpoints. */
export function usePayPalButtons({ active, container, amountDue, capture, onDeclined, onProblem, payToken }: PayPalButtonsOptions): void {
  useEffect(() => {
    const element = container.current;
    if (!active || !element) return;
    let cancelled = false;
    void (async () => {
      try {
        const setup = await api.get<PaymentSetupView>("/paypal/setup");
        const paypal = await loadPayPalSdk(setup.clientId ?? "", setup.clientToken);
        if (cancelled || !paypal.Buttons) return;
        await paypal
          .Buttons({
            createOrder: async () =>
              (await api.post<PaymentOrderView>("/paypal/order", { amount: amountDue, currency: "USD", intent: "CAPTURE", ...(payToken ? { payToken } : {}) }))
                .id,
            onApprove: async ({ orderID }, actions) => {
              try {
                await capture(orderID);
              } catch (error) {
                // INSTRUMENT_DECLINED: PayPal lets the buyer pick another card or funding source
                // for the same payment (developer.paypal.com, "Handle funding failures").
                if (error instanceof ApiError && error.status === 402 && error.body["restart"] === true) return actions.restart();
                onDeclined(error);
              }
            },
            onCancel: () => onProblem(null),
            onError: (error) => {
              console.error("payment provider error", error);
              onProblem("PayPal could not complete the payment. Nothing was charged. Please try again.");
            },
          })
          .render(element);
      } catch (error) {
        console.error("payment provider error", error);
      }
    })();
    return () => {
      cancelled = true;
    };
    // Rendered once per prepared checkout: the callbacks read the latest state through the island.
  }, [active]);
}

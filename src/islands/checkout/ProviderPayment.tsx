import { useState, type RefObject } from "react";
import type { PaymentProvider } from "#domain/payments/payment-gateway.port.ts";
import ProviderChoice, { type CheckoutProvider } from "./ProviderChoice.tsx";
import SandboxPayment from "./SandboxPayment.tsx";
import StripePayment, { type PaymentFor } from "./StripePayment.tsx";
import type { SandboxOutcome } from "./checkout-figures.ts";

/**
 * The payment step of the checkout and of a parent's /pay page: the choice of provider (when there
 * are several), then that provider's part. `payFor` says whose payment it opens: the shopper's
 * prepared checkout, or the checkout a parent's link pays.
 */
export default function ProviderPayment({
  providers,
  provider,
  onProvider,
  payFor,
  paying,
  paypalRef,
  onStripeConfirmed,
  onDeclined,
  sandbox,
}: {
  providers: CheckoutProvider[];
  provider: PaymentProvider;
  onProvider: (provider: PaymentProvider) => void;
  payFor: PaymentFor;
  paying: boolean;
  paypalRef: RefObject<HTMLDivElement | null>;
  onStripeConfirmed: (paymentIntentId: string) => Promise<void>;
  onDeclined: (error: unknown) => void;
  sandbox: { outcome: SandboxOutcome; onOutcome: (o: SandboxOutcome) => void; amountDue: string; sandboxPendingSeconds: number; onPay: () => void };
}) {
  const [unavailable, setUnavailable] = useState<PaymentProvider[]>([]);
  const stripe = providers.find((p) => p.id === "stripe");
  const stripeAvailable = (available: boolean) =>
    setUnavailable((list) => (available ? list.filter((p) => p !== "stripe") : list.includes("stripe") ? list : [...list, "stripe"]));
  return (
    <>
      <ProviderChoice providers={providers} chosen={provider} disabled={paying} unavailable={unavailable} onChoose={onProvider} />
      {provider === "stripe" && stripe ? (
        <StripePayment
          provider={stripe}
          payFor={payFor}
          others={providers.filter((p) => p.id !== "stripe")}
          onOther={onProvider}
          onAvailability={stripeAvailable}
          onConfirmed={onStripeConfirmed}
          onDeclined={onDeclined}
        />
      ) : provider === "sandbox" ? (
        <SandboxPayment {...sandbox} paying={paying} />
      ) : (
        <div ref={paypalRef} aria-label="PayPal payment buttons" />
      )}
    </>
  );
}

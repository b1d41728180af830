import type { RefObject } from "react";
import type { PaymentProvider } from "#domain/payments/payment-gateway.port.ts";
import ProviderChoice, { type CheckoutProvider } from "./ProviderChoice.tsx";
import SandboxPayment from "./SandboxPayment.tsx";
import StripePayment from "./StripePayment.tsx";
import type { SandboxOutcome } from "./checkout-figures.ts";

/** The payment step: the shopper's choice of provider (when there are several), then that provider's part. */
export default function ProviderPayment({
  providers,
  provider,
  onProvider,
  checkoutId,
  paying,
  paypalRef,
  onStripeConfirmed,
  onDeclined,
  sandbox,
}: {
  providers: CheckoutProvider[];
  provider: PaymentProvider;
  onProvider: (provider: PaymentProvider) => void;
  checkoutId: string;
  paying: boolean;
  paypalRef: RefObject<HTMLDivElement | null>;
  onStripeConfirmed: (paymentIntentId: string) => Promise<void>;
  onDeclined: (error: unknown) => void;
  sandbox: { outcome: SandboxOutcome; onOutcome: (o: SandboxOutcome) => void; amountDue: string; sandboxPendingSeconds: number; onPay: () => void };
}) {
  const stripe = providers.find((p) => p.id === "stripe");
  return (
    <>
      <ProviderChoice providers={providers} chosen={provider} disabled={paying} onChoose={onProvider} />
      {provider === "stripe" && stripe ? (
        <StripePayment
          provider={stripe}
          checkoutId={checkoutId}
          others={providers.filter((p) => p.id !== "stripe")}
          onOther={onProvider}
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

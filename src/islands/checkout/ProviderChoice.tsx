import type { PaymentProvider } from "#domain/payments/payment-gateway.port.ts";

/** A way to pay the shop is configured with (GET /api/checkout/providers). */
export interface CheckoutProvider {
  id: PaymentProvider;
  label: string;
  /** Stripe's publishable key, for Stripe.js. */
  publishableKey?: string;
}

/** With several providers configured the shopper chooses; with one there is nothing to choose. */
export default function ProviderChoice({
  providers,
  chosen,
  disabled,
  onChoose,
}: {
  providers: CheckoutProvider[];
  chosen: PaymentProvider;
  disabled: boolean;
  onChoose: (provider: PaymentProvider) => void;
}) {
  if (providers.length < 2) return null;
  return (
    <fieldset className="rounded-lg border border-ink-700 p-3 text-sm" data-provider-choice>
      <legend className="px-1 font-medium">How would you like to pay?</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {providers.map((provider) => (
          <label key={provider.id} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="provider"
              value={provider.id}
              checked={chosen === provider.id}
              disabled={disabled}
              onChange={() => onChoose(provider.id)}
            />
            {provider.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

import type { PaymentProvider } from "#domain/payments/payment-gateway.port.ts";

/** A way to pay the shop is configured with (GET /api/checkout/providers). */
export interface CheckoutProvider {
  id: PaymentProvider;
  label: string;
  /** Stripe's publishable key, for Stripe.js. */
  publishableKey?: string;
}

/**
 * With several providers configured the shopper chooses; with one there is nothing to choose. A
 * provider found unavailable (its payment could not be opened) says so at its option, and stays
 * choosable to try again. The checkout and a parent's /pay page both use it.
 */
export default function ProviderChoice({
  providers,
  chosen,
  disabled,
  unavailable = [],
  onChoose,
}: {
  providers: CheckoutProvider[];
  chosen: PaymentProvider;
  disabled: boolean;
  unavailable?: readonly PaymentProvider[];
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
            {unavailable.includes(provider.id) && <span className="text-amber-200">(unavailable right now)</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

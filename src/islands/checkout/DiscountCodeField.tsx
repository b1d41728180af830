import { CHECKOUT_IDS } from "./checkout-figures.ts";
import type { DiscountCodeState } from "./use-discount-code.ts";
import { BusyButton } from "../ui/busy-button.tsx";

/**
 * The checkout's discount box: the field and Apply, or the code applied and Remove. The label names
 * the field by a fixed id, so it stays bound to the field rendered anew after Remove (issue 35).
 */
export default function DiscountCodeField({ discount, locked, hydrated }: { discount: DiscountCodeState; locked: boolean; hydrated: boolean }) {
  const { code, error } = discount;
  return (
    <div>
      <label htmlFor={CHECKOUT_IDS.code} className="mb-1 block text-sm font-medium">
        Discount code
      </label>
      {code ? (
        <div className="flex items-center justify-between rounded-lg border border-emerald-500/50 bg-emerald-500/10 px-3 py-2 text-sm">
          <span>
            <strong>{code.code}</strong> applied
          </span>
          <button type="button" className="text-red-300 hover:underline disabled:opacity-50" disabled={locked} onClick={discount.remove}>
            Remove
          </button>
        </div>
      ) : (
        <div className="flex gap-2">
          <input
            id={CHECKOUT_IDS.code}
            className="input"
            value={discount.text}
            disabled={locked}
            aria-describedby={error ? CHECKOUT_IDS.codeError : undefined}
            onChange={(e) => discount.setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void discount.apply();
              }
            }}
          />
          <BusyButton
            type="button"
            className="btn-secondary"
            busy={discount.applying}
            disabled={!hydrated || locked || !discount.text.trim()}
            onClick={() => void discount.apply()}
          >
            Apply
          </BusyButton>
        </div>
      )}
      {error && (
        <p id={CHECKOUT_IDS.codeError} className="mt-1 text-sm text-red-300" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

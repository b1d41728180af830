import { useState } from "react";
import type { AppliedDiscountView } from "#read-models/shopping/checkout.views.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { cents } from "./checkout-figures.ts";

/** The discount box's state: what is typed, the code applied (as the server answered it), its error. */
export function useDiscountCode(subtotal: number) {
  const [text, setText] = useState("");
  const [code, setCode] = useState<AppliedDiscountView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  async function apply() {
    const typed = text.trim().toUpperCase();
    setText(typed);
    if (!typed) return;
    setApplying(true);
    setError(null);
    try {
      const found = await api.post<AppliedDiscountView>("/api/discount-codes/validate", { code: typed });
      if (found.minPurchase !== null && subtotal < cents(found.minPurchase)) setError(`Minimum purchase of $${found.minPurchase} required`);
      else setCode(found);
    } catch (failure) {
      setError(errorMessage(failure, "Invalid discount code"));
    }
    setApplying(false);
  }

  return {
    text,
    setText: (value: string) => setText(value.toUpperCase()),
    code,
    error,
    applying,
    apply,
    remove: () => setCode(null),
    /** A code applied before a reload (the checkout's draft): the server checks it again at prepare. */
    restore: (kept: AppliedDiscountView) => setCode(kept),
  };
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>;

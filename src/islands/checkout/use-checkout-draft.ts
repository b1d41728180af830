import { useEffect, useState } from "react";
import type { CartItemView } from "#read-models/shopping/shopping.views.ts";
import { cartFingerprint, readCheckoutDraft, writeCheckoutDraft } from "./checkout-draft.ts";
import type { DiscountCodeState } from "./use-discount-code.ts";

/**
 * Keeps the checkout's Roblox username and applied code across a reload, for this same cart only
 * (./checkout-draft.ts): restored once at hydration, written as they change while `keep` holds.
 */
export function useCheckoutDraft(input: {
  items: CartItemView[];
  robloxUsername: string;
  setRobloxUsername: (value: string) => void;
  discountCode: DiscountCodeState;
  keep: boolean;
}): void {
  const { items, robloxUsername, setRobloxUsername, discountCode, keep } = input;
  const cart = cartFingerprint(items);
  const code = discountCode.code;
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const draft = readCheckoutDraft(cart);
    if (draft?.robloxUsername) setRobloxUsername(draft.robloxUsername);
    if (draft?.code) discountCode.restore(draft.code);
    setRestored(true);
    // Once, at hydration.
  }, []);
  useEffect(() => {
    if (restored && keep) writeCheckoutDraft(cart, { robloxUsername, code });
  }, [restored, cart, robloxUsername, code, keep]);
}

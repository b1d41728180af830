import { useRef } from "react";
import { focusMain } from "./focus-main.ts";

function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  if (!element || !element.isConnected || element === document.body) return false;
  if (element.closest("[inert], [hidden]")) return false;
  return !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0;
}

/**
 * Focus back where it was when a Radix dialog closes (issue 35). Radix returns it to the dialog's
 * Trigger, and our dialogs opened in code (the promo, a delete confirmation, a refund) have none:
 * focus fell to <body>. Spread the two handlers on Dialog.Content / AlertDialog.Content. When the
 * element is gone (the row its Delete button was in was deleted) or focus was nowhere, the page's
 * main content takes it.
 */
export function useReturnFocus(): { onOpenAutoFocus: () => void; onCloseAutoFocus: (event: Event) => void } {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before it moves focus into the dialog: this is still the page's element.
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      const target = previous.current;
      previous.current = null;
      if (canTakeFocus(target)) target.focus();
      else focusMain();
    },
  };
}

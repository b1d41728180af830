import type { ReactNode } from "react";
import { useHydrated } from "#src/lib/use-hydrated.ts";

/**
 * The button that shows or hides a panel under it (an order's chat, ratings, timeline): it says
 * whether the panel is open and which element it is, and stays disabled until the island hydrated
 * (a click before would be lost).
 */
export function DisclosureButton({ open, controls, onToggle, children }: { open: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="button" className="btn-secondary text-sm" aria-expanded={open} aria-controls={controls} disabled={!hydrated} onClick={onToggle}>
      {children}
    </button>
  );
}

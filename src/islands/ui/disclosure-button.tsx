import type { ReactNode } from "react";
import { useHydrated } from "#src/lib/use-hydrated.ts";

/**
 * The button that shows or hides a panel under it (an order's chat, ratings, timeline, payment
 * history, an email's message): it says whether the panel is open and which element it is, and stays
 * disabled until the island hydrated (a click before would be lost).
 */
export function DisclosureButton({
  open,
  controls,
  onToggle,
  className = "btn-secondary text-sm",
  children,
}: {
  open: boolean;
  /** The panel's id, where the panel has one. */
  controls?: string;
  onToggle: () => void;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button type="button" className={className} aria-expanded={open} aria-controls={controls} disabled={!hydrated} onClick={onToggle}>
      {children}
    </button>
  );
}

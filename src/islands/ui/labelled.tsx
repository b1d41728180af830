import type { ReactNode } from "react";

/**
 * A control with its label above it, tied by `htmlFor` (a click on the label focuses the control, and
 * the label is the control's name): the frame of every text field, select and text area the forms
 * write this way. `children` is the control with `id`, then any hint under it.
 */
export function Labelled({ id, label, className, children }: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

import type { ComponentPropsWithRef } from "react";

export type BusyButtonProps = ComponentPropsWithRef<"button"> & {
  /** A call it started is under way: the button says so and ignores clicks (and a form's submit). */
  busy: boolean;
};

/**
 * A button that is busy with a call (issue 35, CONTRIBUTING's "a dialog or a busy button"): while
 * busy it is `aria-disabled`, never `disabled`, so it keeps the keyboard's focus (a disabled button
 * dropped it to <body>), and a click or Enter does nothing: for a submit button the click's default
 * (the form's submit) is prevented too. `disabled` stays for reasons that are not a call under way
 * (nothing to send yet, not hydrated).
 */
export function BusyButton({ busy, onClick, type = "button", ...props }: BusyButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={busy || props["aria-disabled"] || undefined}
      onClick={(event) => {
        if (busy) return event.preventDefault();
        onClick?.(event);
      }}
    />
  );
}

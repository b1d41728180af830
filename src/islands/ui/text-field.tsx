import { useEffect, type ComponentPropsWithRef, type ReactNode } from "react";
import { Labelled } from "./labelled.tsx";

export type TextFieldProps = Omit<ComponentPropsWithRef<"input">, "id" | "value" | "onChange" | "className"> & {
  /** The input's id: the label names the input by it (screen readers, `getByLabel`). */
  id: string;
  label: ReactNode;
  value: string;
  /** The new text, not the event: every form here keeps the text in a state. */
  onValueChange: (value: string) => void;
  /** Classes of the wrapper (a width, a grid span); the input is always `input`. */
  className?: string;
  /** Shown under the input: a hint the input's `aria-describedby` may point at. */
  children?: ReactNode;
  /** What is wrong with the text, shown under the input, which is then marked invalid and described by it. */
  error?: string | null | undefined;
  /** The error appeared on submit (not as typed): announce it at once (role="alert"). */
  announceError?: boolean;
};

/**
 * A labelled text input, the one way the forms write a field whose label stands above it: the label
 * is tied to the input by `htmlFor`, so a click on it focuses the input and it is the input's name.
 * What was typed before the island hydrated is kept: the input shows it, but the form's state was
 * rendered without it, and the form would send (or ask again for) the empty value. On a phone on a
 * slow network that is the first seconds of every form page.
 */
export function TextField({ id, label, value, onValueChange, className, children, error, announceError = false, ...input }: TextFieldProps) {
  useEffect(() => {
    const typed = (document.getElementById(id) as HTMLInputElement | null)?.value;
    if (typed !== undefined && typed !== value) onValueChange(typed);
    // Once, at hydration: afterwards the input is controlled.
  }, []);
  return (
    <Labelled id={id} label={label} className={className}>
      <input
        {...input}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...invalidWhen(id, error, input["aria-describedby"])}
      />
      <FieldError id={id} error={error} announce={announceError} />
      {children}
    </Labelled>
  );
}

/** A control's marks when `error` says what is wrong with it: invalid, and described by the error (after its own hint). */
export function invalidWhen(id: string, error: string | null | undefined, describedBy?: string) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [describedBy, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  } as const;
}

/** What is wrong with the control `id`, under it; `announce`: said at once (an error that appears on submit). */
export function FieldError({ id, error, announce = false }: { id: string; error: string | null | undefined; announce?: boolean }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-300" role={announce ? "alert" : undefined}>
      {error}
    </p>
  );
}

/** The shopper's email address, as every storefront form asks for it (label "Email", at most 254 characters). */
export function EmailField(props: Omit<TextFieldProps, "label" | "type" | "name" | "autoComplete"> & { label?: ReactNode }) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" maxLength={254} {...props} />;
}

/** An amount of dollars and cents (a price): a number from 0, to the cent, with the decimal keypad on a phone. */
export function MoneyField(props: Omit<TextFieldProps, "type" | "min" | "step" | "inputMode">) {
  return <TextField type="number" min="0" step="0.01" inputMode="decimal" {...props} />;
}

/** A labelled text area (a description), its label above it like `TextField`'s. */
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  className,
  error,
  ...area
}: Omit<ComponentPropsWithRef<"textarea">, "id" | "value" | "onChange" | "className"> & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
  /** What is wrong with the text, shown under it (as TextField's). */
  error?: string | null | undefined;
}) {
  return (
    <Labelled id={id} label={label} className={className}>
      <textarea
        {...area}
        id={id}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...invalidWhen(id, error, area["aria-describedby"])}
      />
      <FieldError id={id} error={error} />
    </Labelled>
  );
}

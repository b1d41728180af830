import type { ComponentPropsWithRef, ReactNode } from "react";

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
};

/**
 * A labelled text input, the one way the forms write a field whose label stands above it: the label
 * is tied to the input by `htmlFor`, so a click on it focuses the input and it is the input's name.
 */
export function TextField({ id, label, value, onValueChange, className, children, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input {...input} id={id} className="input" value={value} onChange={(event) => onValueChange(event.target.value)} />
      {children}
    </div>
  );
}

import { useState } from "react";
import { fieldErrorsOf } from "./api-client.ts";

/**
 * The server's errors of a form's fields, the one way a form shows them: each under its field (the
 * field's `error` prop), the first field focused. `take(failure)` is false when the failure names
 * none of the form's fields, and the form then says it as a whole (a notice, a toast). A field's
 * error goes when its text changes (`clear(name)`), the rest at the next submit (`clear()`).
 */
export function useFieldErrors<K extends string>(names: readonly K[], idOf: (name: K) => string) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  function take(failure: unknown): boolean {
    const found = fieldErrorsOf(failure, names);
    setErrors(found);
    const first = names.find((name) => found[name]);
    if (first === undefined) return false;
    requestAnimationFrame(() => document.getElementById(idOf(first))?.focus());
    return true;
  }

  function clear(name?: K): void {
    if (name === undefined) return setErrors({});
    setErrors((all) => {
      if (!(name in all)) return all;
      const { [name]: _gone, ...rest } = all;
      return rest as Partial<Record<K, string>>;
    });
  }

  /** The field's onValueChange: sets the text and drops the server's error of the old text. */
  const typed =
    (name: K, set: (value: string) => void) =>
    (value: string): void => {
      clear(name);
      set(value);
    };

  return { errors, take, clear, typed };
}

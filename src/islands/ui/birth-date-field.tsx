import { fieldErrorsOf } from "../../lib/api-client.ts";
import { TextField } from "./text-field.tsx";

interface Props {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}

/**
 * The date of birth, asked once: at sign-up, or at the first checkout of an account made
 * without one. A date input (YYYY-MM-DD, what the API takes); the server decides what it allows.
 */
export function BirthDateField({ id, value, onValueChange, error, disabled }: Props) {
  return (
    <TextField
      id={id}
      label="Date of birth"
      type="date"
      // Checked by the form, not the browser: the form says what is missing at the field, in order.
      aria-required="true"
      autoComplete="bday"
      min="1900-01-01"
      max={new Date().toISOString().slice(0, 10)}
      value={value}
      onValueChange={onValueChange}
      error={error}
      disabled={disabled}
      aria-describedby={`${id}-hint`}
    >
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        We ask once. Under 18, a parent pays for your orders.
      </p>
    </TextField>
  );
}

/** The field's error for an API answer about the date (its `fields.birthDate`), or null when the answer is about something else. */
export function birthDateProblem(error: unknown): string | null {
  return fieldErrorsOf(error, ["birthDate"]).birthDate ?? null;
}

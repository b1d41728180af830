import { useState } from "react";
import { api, ApiError } from "../../lib/api-client.ts";
import { birthDateProblem } from "../ui/birth-date-field.tsx";

/**
 * The checkout's date of birth, asked once and in place for an account made without
 * one: `giveIfAsked` sends it before the prepare and tells `onMinor` whether the account is under
 * 18; false when it was refused, with the problem shown at the field.
 */
export function useBirthDate(initiallyAsked: boolean) {
  const [asked, setAsked] = useState(initiallyAsked);
  const [birthDate, setBirthDate] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function giveIfAsked(onMinor: (minor: boolean) => void): Promise<boolean> {
    if (!asked) return true;
    setError(null);
    if (!birthDate) {
      setError("Enter your date of birth.");
      document.getElementById(BIRTH_DATE_ID)?.focus();
      return false;
    }
    try {
      const answer = await api.post<{ user: { minor: boolean } }>("/api/account/birth-date", { birthDate });
      setAsked(false);
      onMinor(answer.user.minor);
      return true;
    } catch (failure) {
      setError(birthDateProblem(failure) ?? "We could not save your date of birth. Please try again.");
      return false;
    }
  }

  /** A prepare answered birth_date_required: the field appears (true), else false. */
  function askedFor(failure: unknown): boolean {
    if (!(failure instanceof ApiError) || failure.body["code"] !== "birth_date_required") return false;
    setAsked(true);
    return true;
  }

  return { asked, birthDate, setBirthDate, error, giveIfAsked, askedFor };
}

export const BIRTH_DATE_ID = "checkout-birth-date";

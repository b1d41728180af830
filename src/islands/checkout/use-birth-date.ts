import { useState } from "react";
import { api } from "../../lib/api-client.ts";
import { birthDateProblem } from "../ui/birth-date-field.tsx";

/**
 * The checkout's date of birth, asked once and in place (issue 52) for an account made without
 * one: `giveIfAsked` sends it before the prepare, and says whether the account is a minor, or
 * "refused" with the problem shown at the field.
 */
export function useBirthDate(initiallyAsked: boolean) {
  const [asked, setAsked] = useState(initiallyAsked);
  const [birthDate, setBirthDate] = useState("");
  const [error, setError] = useState<string | null>(null);

  async function giveIfAsked(): Promise<{ minor: boolean } | "refused" | null> {
    if (!asked) return null;
    setError(null);
    if (!birthDate) {
      setError("Enter your date of birth.");
      document.getElementById("checkout-birth-date")?.focus();
      return "refused";
    }
    try {
      const answer = await api.post<{ user: { minor: boolean } }>("/api/account/birth-date", { birthDate });
      setAsked(false);
      return { minor: answer.user.minor };
    } catch (failure) {
      setError(birthDateProblem(failure) ?? "We could not save your date of birth. Please try again.");
      return "refused";
    }
  }

  return { asked, birthDate, setBirthDate, error, giveIfAsked, ask: () => setAsked(true) };
}

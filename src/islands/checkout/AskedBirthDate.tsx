import { BirthDateField } from "../ui/birth-date-field.tsx";
import { BIRTH_DATE_ID, type useBirthDate } from "./use-birth-date.ts";

/** The checkout's date of birth field, while the account is asked for it. */
export default function AskedBirthDate({ age, locked, hidden }: { age: ReturnType<typeof useBirthDate>; locked: boolean; hidden: boolean }) {
  if (!age.asked || hidden) return null;
  return <BirthDateField id={BIRTH_DATE_ID} value={age.birthDate} onValueChange={age.setBirthDate} error={age.error} disabled={locked} />;
}

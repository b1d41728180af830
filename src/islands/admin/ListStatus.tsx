import type { ReactNode } from "react";

/**
 * What an admin list says instead of its rows: "Loading ratings..." until the first answer, "Ratings
 * could not be loaded." (an alert) when that answer failed, and a card saying `empty` when it holds
 * no rows. Once rows came, a later failed refresh keeps them on screen.
 */
export function ListStatus({
  list,
  noun,
  empty,
  error,
  spacing = "mt-6",
}: {
  /** The rows shown (null or undefined while none have come) and whether the last read failed. */
  list: { rows: readonly unknown[] | null | undefined; failed: boolean };
  /** What the list holds, in the plural and lower case ("ratings"). */
  noun: string;
  empty: ReactNode;
  /** Instead of "... could not be loaded." (a way to try again beside it). */
  error?: ReactNode;
  /** The gap above the message, as the screen around it spaces its parts. */
  spacing?: "mt-4" | "mt-6";
}) {
  if (list.rows == null) {
    return list.failed ? (
      <p className={`${spacing} text-red-300`} role="alert">
        {error ?? `${noun[0]?.toUpperCase()}${noun.slice(1)} could not be loaded.`}
      </p>
    ) : (
      <p className={`${spacing} text-slate-300`}>Loading {noun}...</p>
    );
  }
  return list.rows.length === 0 ? <p className={`card ${spacing} p-6 text-center text-slate-300`}>{empty}</p> : null;
}

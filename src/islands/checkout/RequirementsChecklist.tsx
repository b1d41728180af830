import { useState } from "react";
import { CHECKOUT_IDS } from "./checkout-figures.ts";

export interface CheckoutRequirement {
  code: string;
  text: string;
  url?: string;
}

interface Props {
  requirements: CheckoutRequirement[];
  ticked: readonly string[];
  locked: boolean;
  onToggle: (code: string, ticked: boolean) => void;
  /** Shown under the list when the shopper tried to pay without ticking every box. */
  error: string | null;
}

/** The cart's requirements, a box each: the items can reach the account only when each holds. */
export function RequirementsChecklist({ requirements, ticked, locked, onToggle, error }: Props) {
  if (requirements.length === 0) return null;
  return (
    <fieldset className="card space-y-3 p-6" aria-describedby={error ? `${CHECKOUT_IDS.requirements}-error` : undefined}>
      <legend className="float-left mb-2 w-full text-lg font-bold">Before you pay</legend>
      <p className="clear-left text-sm text-slate-300">Your items can only reach your Roblox account if each of these is true. Please confirm them:</p>
      {requirements.map((requirement) => (
        <div key={requirement.code} className="flex items-start gap-3">
          <input
            id={`requirement-${requirement.code}`}
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0"
            checked={ticked.includes(requirement.code)}
            disabled={locked}
            onChange={(event) => onToggle(requirement.code, event.target.checked)}
          />
          <label htmlFor={`requirement-${requirement.code}`} className="text-sm">
            {requirement.text}
            {requirement.url && (
              <>
                {" "}
                <a href={requirement.url} target="_blank" rel="noopener noreferrer" className="text-sky-300 underline">
                  How?
                </a>
              </>
            )}
          </label>
        </div>
      ))}
      {error && (
        <p id={`${CHECKOUT_IDS.requirements}-error`} className="text-sm text-red-300" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Which requirements the shopper ticked, and the error shown when they try to pay without all of them. */
export function useRequirementTicks(requirements: readonly CheckoutRequirement[]) {
  const [ticked, setTicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  return {
    ticked,
    error,
    toggle: (code: string, on: boolean) => {
      setError(null);
      setTicked((list) => (on ? [...list.filter((c) => c !== code), code] : list.filter((c) => c !== code)));
    },
    /** True when each is ticked; otherwise says so under the list. */
    allTicked: () => {
      const all = requirements.every((r) => ticked.includes(r.code));
      if (!all) setError("Please confirm each of these before paying.");
      return all;
    },
  };
}

import { CHECKOUT_IDS } from "./checkout-figures.ts";
import type { ReactNode } from "react";
import { TextField } from "../ui/text-field.tsx";
import { RobloxRecipientCard } from "./RobloxRecipientCard.tsx";
import type { RecipientCheck } from "./use-roblox-recipient.ts";

interface ShopperDetailsProps {
  provider: "sandbox" | "paypal";
  robloxUsername: string;
  email: string;
  locked: boolean;
  onUsername: (value: string) => void;
  onEmail: (value: string) => void;
  /** Who the typed name is at Roblox ("Is this you?"); an unknown or banned account is the field's error. */
  robloxCheck: RecipientCheck;
  /** The cart's requirements, below the details. */
  children?: ReactNode;
}

/** How the shopper pays, and where the items go: the Roblox username and the email. */
export default function ShopperDetails({ provider, robloxUsername, email, locked, onUsername, onEmail, robloxCheck, children }: ShopperDetailsProps) {
  const refusal = robloxCheck.state === "unknown" || robloxCheck.state === "banned" ? robloxCheck.message : null;
  // What the shopper typed before the island hydrated is kept by TextField itself.
  return (
    <div className="space-y-6 lg:col-span-2">
      <section className="card p-6" aria-labelledby={CHECKOUT_IDS.method}>
        <h2 id={CHECKOUT_IDS.method} className="text-lg font-bold">
          Payment Method
        </h2>
        {provider === "paypal" ? (
          <p className="mt-2 text-sm text-slate-300">PayPal: pay with your PayPal balance or a card. You approve the payment in PayPal's window.</p>
        ) : (
          <p className="mt-2 text-sm text-slate-300">
            <span className="mr-2 rounded bg-amber-500/20 px-2 py-0.5 text-xs font-bold text-amber-200">TEST MODE</span>
            This store runs in sandbox mode: the test payment button completes the order and no money moves.
          </p>
        )}
      </section>
      <section className="card space-y-4 p-6" aria-labelledby={CHECKOUT_IDS.details}>
        <h2 id={CHECKOUT_IDS.details} className="text-lg font-bold">
          Payment Details
        </h2>
        <TextField
          id={CHECKOUT_IDS.roblox}
          label="Roblox username"
          autoComplete="username"
          value={robloxUsername}
          disabled={locked}
          onValueChange={onUsername}
          error={refusal}
        >
          <p className="mt-1 text-xs text-slate-400">
            We deliver your items to this Roblox account: 3 to 20 letters or digits, at most one underscore (not first or last).
          </p>
          <RobloxRecipientCard check={robloxCheck} />
        </TextField>
        <TextField id={CHECKOUT_IDS.email} label="Email" type="email" autoComplete="email" value={email} disabled={locked} onValueChange={onEmail} />
      </section>
      {children}
    </div>
  );
}

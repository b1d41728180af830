import { CHECKOUT_IDS } from "./checkout-figures.ts";
import type { ReactNode } from "react";
import { TextField } from "../ui/text-field.tsx";
import { ROBLOX_USERNAME_MAX } from "#domain/checkout/roblox-username.ts";
import { RobloxRecipientCard } from "./RobloxRecipientCard.tsx";
import type { RecipientCheck } from "./use-roblox-recipient.ts";

interface ShopperDetailsProps {
  provider: "sandbox" | "paypal" | "stripe";
  robloxUsername: string;
  email: string;
  locked: boolean;
  /** What is wrong with the username, shown under it (the field is then marked invalid). */
  usernameError: string | null;
  emailError: string | null;
  onUsername: (value: string) => void;
  /** The shopper left the username field: problems more typing could fix are said now. */
  onUsernameLeft: () => void;
  onEmail: (value: string) => void;
  /** Who the typed name is at Roblox ("Is this you?"); an unknown or banned account is the field's error. */
  robloxCheck: RecipientCheck;
  /** The shopper's saved Roblox account (dashboard settings), offered in one tap when the field holds another name. */
  savedUsername?: string | null;
  /** The cart's requirements, below the details. */
  children?: ReactNode;
}

/** How the shopper pays, and where the items go: the Roblox username and the email. */
export default function ShopperDetails({
  provider,
  robloxUsername,
  email,
  locked,
  usernameError,
  emailError,
  onUsername,
  onUsernameLeft,
  onEmail,
  robloxCheck,
  savedUsername = null,
  children,
}: ShopperDetailsProps) {
  // The field's own rule first; then what Roblox said of the name (unknown, banned).
  const refusal = robloxCheck.state === "unknown" || robloxCheck.state === "banned" ? robloxCheck.message : null;
  // What the shopper typed before the island hydrated is kept by TextField itself.
  return (
    <div className="space-y-6 lg:col-span-2">
      <section className="card p-6" aria-labelledby={CHECKOUT_IDS.method}>
        <h2 id={CHECKOUT_IDS.method} className="text-lg font-bold">
          Payment Method
        </h2>
        {provider === "stripe" ? (
          <p className="mt-2 text-sm text-slate-300">Card, Apple Pay or Google Pay through Stripe: your bank may ask you to confirm (3-D Secure).</p>
        ) : provider === "paypal" ? (
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
          maxLength={ROBLOX_USERNAME_MAX}
          spellCheck={false}
          autoCapitalize="off"
          value={robloxUsername}
          disabled={locked}
          error={usernameError ?? refusal}
          aria-describedby={`${CHECKOUT_IDS.roblox}-hint`}
          onBlur={onUsernameLeft}
          onValueChange={onUsername}
        >
          <p id={`${CHECKOUT_IDS.roblox}-hint`} className="mt-1 text-xs text-slate-400">
            We deliver your items to this Roblox account: 3 to 20 letters or digits, at most one underscore (not first or last).
          </p>
          {savedUsername && savedUsername.toLowerCase() !== robloxUsername.trim().toLowerCase() && !locked ? (
            <button type="button" className="btn-secondary mt-2 px-3 py-1.5 text-sm break-all" onClick={() => onUsername(savedUsername)}>
              Use my saved account @{savedUsername}
            </button>
          ) : null}
          <RobloxRecipientCard check={robloxCheck} />
        </TextField>
        <TextField
          id={CHECKOUT_IDS.email}
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={254}
          value={email}
          disabled={locked}
          error={emailError}
          onValueChange={onEmail}
        />
      </section>
      {children}
    </div>
  );
}

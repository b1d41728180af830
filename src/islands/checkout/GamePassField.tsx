import { TextField } from "../ui/text-field.tsx";
import { CHECKOUT_IDS } from "./checkout-figures.ts";
import type { GamePassInput } from "./use-game-pass.ts";

/**
 * Robux by gamepass: the shopper creates a pass priced so that Roblox's 30% leaves them the Robux
 * they bought, and pastes its link; it is checked at Roblox when they leave the field, and each
 * refusal says its fix there. Shown only for a cart with Robux.
 */
export default function GamePassField({ pass, locked }: { pass: GamePassInput; locked: boolean }) {
  if (pass.price === null) return null;
  const price = `${pass.price.toLocaleString("en-US")} Robux`;
  const hint = `${CHECKOUT_IDS.gamePass}-hint`;
  return (
    <section className="card space-y-3 p-6" aria-labelledby={CHECKOUT_IDS.gamePassHeading}>
      <h2 id={CHECKOUT_IDS.gamePassHeading} className="text-lg font-bold">
        Your Robux gamepass
      </h2>
      <p id={hint} className="text-sm text-slate-300">
        Create a pass priced exactly <strong className="text-white">{price}</strong>, Regional Pricing off, on the Roblox account above. We buy it, and Roblox
        pays you the Robux after keeping its 30%.
      </p>
      <TextField
        id={CHECKOUT_IDS.gamePass}
        label="Your gamepass link"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        maxLength={300}
        placeholder="https://www.roblox.com/game-pass/…"
        value={pass.value}
        disabled={locked}
        error={pass.check.state === "refused" ? pass.check.message : null}
        aria-describedby={hint}
        onBlur={() => void pass.verify()}
        onValueChange={pass.change}
      >
        <p className="mt-1 text-sm text-slate-300" role="status">
          {pass.check.state === "checking" ? "Checking your gamepass at Roblox…" : pass.check.state === "ok" ? `Gamepass checked: priced ${price}, ready.` : ""}
        </p>
      </TextField>
    </section>
  );
}

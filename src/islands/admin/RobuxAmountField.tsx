import { gamePassPriceFor } from "#domain/roblox/game-pass.ts";
import { TextField } from "../ui/text-field.tsx";

/**
 * A gamepass product's Robux (what its buyer receives), with the price the buyer's pass will have to
 * be: checkout asks for that pass. Empty: a gamepass product staff deliver by hand.
 */
export default function RobuxAmountField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const robux = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : 0;
  return (
    <TextField
      id={id}
      label="Robux the buyer receives"
      inputMode="numeric"
      value={value}
      placeholder="e.g. 700"
      onValueChange={onChange}
      error={error}
      aria-describedby={`${id}-hint`}
    >
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
        {robux > 0
          ? `Checkout asks the buyer for their gamepass priced ${gamePassPriceFor(robux).toLocaleString("en-US")} Robux (Roblox keeps 30%), checked at Roblox.`
          : "Checkout then asks the buyer for their own gamepass, priced so that Roblox's 30% leaves them this many Robux."}
      </p>
    </TextField>
  );
}

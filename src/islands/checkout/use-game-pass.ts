import { useRef, useState } from "react";
import { gamePassPriceFor } from "#domain/roblox/game-pass.ts";
import { api, ApiError, errorMessage, fieldErrorsOf } from "../../lib/api-client.ts";
import { CHECKOUT_IDS } from "./checkout-figures.ts";

/** What Roblox says of the pasted gamepass, as POST /api/roblox/gamepass-check answers. */
export type GamePassCheck = { state: "idle" } | { state: "checking" } | { state: "ok"; price: number } | { state: "refused"; message: string };

/**
 * The buyer's gamepass of a cart with Robux (`robux` > 0): the price it must have, the pasted link,
 * and its check at Roblox when the shopper leaves the field (each refusal's fix said at the field).
 * A newer paste replaces an answer still on its way.
 */
export function useGamePass(robux: number, robloxUsername: string) {
  const [value, setValue] = useState("");
  const [check, setCheck] = useState<GamePassCheck>({ state: "idle" });
  const asked = useRef(0);
  const price = robux > 0 ? gamePassPriceFor(robux) : null;

  async function verify() {
    const gamePass = value.trim();
    if (price === null || gamePass === "" || !robloxUsername.trim()) return setCheck({ state: "idle" });
    const ask = ++asked.current;
    setCheck({ state: "checking" });
    try {
      const answer = await api.post<{ ok: true; gamePassId: number; price: number }>("/api/roblox/gamepass-check", {
        gamePass,
        amount: robux,
        robloxUsername: robloxUsername.trim(),
      });
      if (ask === asked.current) setCheck({ state: "ok", price: answer.price });
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.fields["gamePass"] ?? error.message) : errorMessage(error, "We could not check this gamepass. Please try again.");
      if (ask === asked.current) setCheck({ state: "refused", message });
    }
  }

  const focus = () => requestAnimationFrame(() => document.getElementById(CHECKOUT_IDS.gamePass)?.focus());

  return {
    price,
    value,
    check,
    change(next: string) {
      asked.current++;
      setValue(next);
      setCheck({ state: "idle" });
    },
    verify,
    /** Before prepare: true (and the field focused, with what to do) when there is no pass yet or Roblox refused it. */
    blocks(): boolean {
      if (price === null) return false;
      if (value.trim() === "") setCheck({ state: "refused", message: `Paste the link of your gamepass priced ${price.toLocaleString("en-US")} Robux.` });
      else if (check.state !== "refused") return false;
      focus();
      return true;
    },
    /** The prepare's refusal of the pass, said at the field (false: it was about something else). */
    take(error: unknown): boolean {
      const said = fieldErrorsOf(error, ["gamePass"] as const).gamePass;
      if (!said) return false;
      setCheck({ state: "refused", message: said });
      focus();
      return true;
    },
    /** What prepare sends: the pass of a Robux cart, nothing otherwise. */
    claim: price === null ? {} : { gamePass: value.trim() },
  };
}

export type GamePassInput = ReturnType<typeof useGamePass>;

import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Robux by gamepass: the buyer creates a pass priced so that, after Roblox keeps its 30%, the shop's
 * purchase pays them exactly the Robux they bought. The rules here are pure; the pass's details come
 * from Roblox through the GamePasses port.
 */

/** A pass as Roblox describes it (game passes v1, docs/delivery.md "Robux by gamepass"). */
export interface GamePassDetails {
  id: number;
  name: string;
  /** The Roblox user who created it (a group's pass has no user: null). */
  creatorUserId: number | null;
  /** Its price in Robux; null while it has none. */
  price: number | null;
  isForSale: boolean;
  /** Regional pricing (prices up to 70% lower in some regions) is on; null when Roblox did not say. */
  regionalPricing: boolean | null;
}

/** The pass a gamepass order is delivered through, kept on the checkout and the order. */
export interface GamePassChoice {
  id: number;
  /** The Robux the pass had to cost when it was checked. */
  price: number;
}

export type GamePassProblem =
  | { code: "gamepass_not_found" }
  | { code: "gamepass_not_yours" }
  | { code: "gamepass_price"; expectedPrice: number; price: number | null }
  | { code: "gamepass_not_for_sale" }
  | { code: "gamepass_regional_pricing" };

const PASS_LINK = /^https?:\/\/(?:www\.|web\.)?roblox\.com\/game-pass\/(\d{1,19})(?:\/[^?#\s]*)?(?:[?#]\S*)?$/i;
const PASS_ID = /^\d{1,19}$/;

/**
 * The pass id in what the shopper pasted: a pass link (https://www.roblox.com/game-pass/123/Name, or
 * without the name) or the bare id; null for anything else (another site's link, a place's link, text).
 */
export function parseGamePass(input: string): number | null {
  const text = input.trim();
  const digits = PASS_ID.test(text) ? text : PASS_LINK.exec(text)?.[1];
  if (!digits) return null;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The price the buyer must give their pass so that they receive `robux`: Roblox pays a pass's creator
 * 70% of its price (rounded down), so the price is ceil(robux / 0.7), computed in integers
 * (ceil(10r / 7)) so that 700 Robux is 1,000 and never 1,000.0000001.
 */
export function gamePassPriceFor(robux: number): number {
  if (!Number.isSafeInteger(robux) || robux <= 0) throw new RangeError(`robux must be a positive integer, not ${robux}`);
  return Math.floor((robux * 10 + 6) / 7);
}

/**
 * What is wrong with the pass for this order, in the order the buyer fixes things (null: it is
 * right): no such pass, not the recipient's own, not for sale, the wrong price, regional pricing on.
 */
export function gamePassProblem(pass: GamePassDetails | null, expected: { price: number; recipientUserId: number }): GamePassProblem | null {
  if (!pass) return { code: "gamepass_not_found" };
  if (pass.creatorUserId !== expected.recipientUserId) return { code: "gamepass_not_yours" };
  if (!pass.isForSale) return { code: "gamepass_not_for_sale" };
  if (pass.price !== expected.price) return { code: "gamepass_price", expectedPrice: expected.price, price: pass.price };
  if (pass.regionalPricing === true) return { code: "gamepass_regional_pricing" };
  return null;
}

const robux = (amount: number) => `${amount.toLocaleString("en-US")} Robux`;

/** The problem's message, with the fix. */
export function gamePassMessage(problem: GamePassProblem): string {
  switch (problem.code) {
    case "gamepass_not_found":
      return "We could not find this gamepass at Roblox. Check the link, or create the pass and paste its link.";
    case "gamepass_not_yours":
      return "This gamepass belongs to another Roblox account. Create the pass on the account that receives the Robux and paste its link.";
    case "gamepass_not_for_sale":
      return 'This gamepass is not for sale. Turn on "Item for sale" in the pass\'s settings.';
    case "gamepass_price":
      return `This gamepass costs ${problem.price === null ? "nothing yet" : robux(problem.price)}. Set the pass price to ${robux(problem.expectedPrice)}.`;
    case "gamepass_regional_pricing":
      return "Regional Pricing is on for this gamepass, so Roblox could charge us less than its price. Turn off Regional Pricing in the pass's settings.";
  }
}

const ERROR_CODE: Record<GamePassProblem["code"], ErrorCode> = {
  gamepass_not_found: ErrorCode.gamepassNotFound,
  gamepass_not_yours: ErrorCode.gamepassNotYours,
  gamepass_price: ErrorCode.gamepassPrice,
  gamepass_not_for_sale: ErrorCode.gamepassNotForSale,
  gamepass_regional_pricing: ErrorCode.gamepassRegionalPricing,
};

/** The problem as the 422 the shopper sees ({ code, expectedPrice? }). */
export function gamePassRefused(problem: GamePassProblem): DomainError {
  const code = ERROR_CODE[problem.code];
  return new DomainError("unprocessable", code, gamePassMessage(problem), {
    answer: problem.code === "gamepass_price" ? { code, expectedPrice: problem.expectedPrice } : { code },
    fields: { gamePass: gamePassMessage(problem) },
  });
}

export const gamePassInvalid = () =>
  new DomainError("invalid", ErrorCode.gamepassInvalid, "Paste your gamepass link (https://www.roblox.com/game-pass/…) or its number.", {
    answer: { code: ErrorCode.gamepassInvalid },
    fields: { gamePass: "Paste your gamepass link (https://www.roblox.com/game-pass/…) or its number." },
  });

export const gamePassRequired = (price: number) =>
  new DomainError(
    "unprocessable",
    ErrorCode.gamepassRequired,
    `Your order pays Robux through a gamepass: create one priced ${robux(price)} and paste its link.`,
    {
      answer: { code: ErrorCode.gamepassRequired, expectedPrice: price },
      fields: { gamePass: `Create a gamepass priced ${robux(price)} and paste its link.` },
    },
  );

export const gamePassUncheckable = () =>
  new DomainError(
    "unavailable",
    ErrorCode.gamepassUncheckable,
    "Roblox cannot be asked about gamepasses just now, so we cannot check yours. Please try again in a few minutes.",
    {
      answer: { code: ErrorCode.gamepassUncheckable },
    },
  );

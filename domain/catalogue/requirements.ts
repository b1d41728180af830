import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/**
 * Something the buyer's Roblox account must have before an item can reach it (Adopt Me's Trade
 * License, Blox Fruits' Second Sea, trades allowed in the privacy settings). `code` is stable (the
 * checkout's acknowledgements name it), `text` is what the shopper reads, `url` an optional guide.
 */
export interface Requirement {
  code: string;
  text: string;
  url?: string;
}

/** How the item reaches the buyer (shared/domain/roblox.md, "Delivery methods"). */
export const DELIVERY_METHODS = ["trade", "gift", "private_server", "gamepass"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const MAX_REQUIREMENTS = 10;
export const REQUIREMENT_CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const badRequirements = (why: string) => new DomainError("invalid", ErrorCode.badRequirements, `Requirements: ${why}`);

/**
 * A game's or product's requirements as they are kept: codes lower-case words joined by hyphens and
 * unique, text required (trimmed), a link only over https, at most MAX_REQUIREMENTS.
 */
export function checkRequirements(list: readonly Requirement[]): Requirement[] {
  if (list.length > MAX_REQUIREMENTS) throw badRequirements(`at most ${MAX_REQUIREMENTS}`);
  const seen = new Set<string>();
  return list.map((requirement) => {
    const code = requirement.code.trim();
    if (!REQUIREMENT_CODE.test(code) || code.length > 60) throw badRequirements(`"${code}" is not a code (lower-case letters, digits and hyphens)`);
    if (seen.has(code)) throw badRequirements(`"${code}" is listed twice`);
    seen.add(code);
    const text = requirement.text.trim();
    if (text === "") throw badRequirements(`"${code}" needs the text the shopper reads`);
    const url = requirement.url?.trim();
    if (url && !/^https:\/\/[^\s/]+\S*$/i.test(url)) throw badRequirements(`"${code}": a link must start with https://`);
    return url ? { code, text, url } : { code, text };
  });
}

/** A cart's requirements: each game's and product's, once per code (the first text wins), in cart order. */
export function cartRequirements(lists: readonly (readonly Requirement[])[]): Requirement[] {
  const byCode = new Map<string, Requirement>();
  for (const list of lists) for (const requirement of list) if (!byCode.has(requirement.code)) byCode.set(requirement.code, requirement);
  return [...byCode.values()];
}

/** The codes of `required` the shopper did not tick. */
export function missingAcknowledgements(required: readonly Requirement[], acknowledged: readonly string[]): string[] {
  const ticked = new Set(acknowledged);
  return required.filter((r) => !ticked.has(r.code)).map((r) => r.code);
}

export const requirementsNotAcknowledged = (missing: string[]) =>
  new DomainError("unprocessable", ErrorCode.requirementsNotAcknowledged, "Please confirm each requirement for your items before paying.", {
    answer: { code: ErrorCode.requirementsNotAcknowledged, missing },
  });

import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const holderNotFound = () => new DomainError("not_found", ErrorCode.holderNotFound, "Holder not found.");

export const holderExists = () =>
  new DomainError("conflict", ErrorCode.holderExists, "This Roblox account already holds stock for this game.", {
    fields: { robloxUsername: "This Roblox account already holds stock for this game." },
  });

export const holderAccountMissing = () =>
  new DomainError("unprocessable", ErrorCode.robloxUserNotFound, "We could not find this Roblox account. Please check the username.", {
    fields: { robloxUsername: "We could not find this Roblox account. Please check the username." },
  });

export const holderAccountBanned = () =>
  new DomainError("unprocessable", ErrorCode.robloxUserBanned, "This Roblox account is banned, so it cannot hold stock.", {
    fields: { robloxUsername: "This Roblox account is banned, so it cannot hold stock." },
  });

export const robloxUnreachable = () =>
  new DomainError("provider_unavailable", ErrorCode.robloxUnreachable, "Roblox could not be reached just now. Please try again in a minute.", {
    fields: { robloxUsername: "Roblox could not be reached just now. Please try again in a minute." },
  });

export const unknownGame = () => new DomainError("invalid", ErrorCode.holderWrongGame, "Choose a game.", { fields: { gameId: "Choose a game." } });

export const productNotInHoldersGame = () =>
  new DomainError("invalid", ErrorCode.holderWrongGame, "This product is not of the holder's game.", {
    fields: { productId: "This product is not of the holder's game." },
  });

export const holderIsLost = () =>
  new DomainError("conflict", ErrorCode.holderLost, "This account is marked lost: restore it before changing its stock.", {
    answer: { code: ErrorCode.holderLost },
  });

export const holderCannotCover = (holder: string) =>
  new DomainError("conflict", ErrorCode.holderShort, `${holder} does not hold every unit of this order.`, {
    fields: { holderId: `${holder} does not hold every unit of this order.` },
  });

export const deliveryAlreadyStarted = () =>
  new DomainError("conflict", ErrorCode.deliveryAlreadyStarted, "Delivery has started: the holder can no longer be changed.", {
    answer: { code: ErrorCode.deliveryAlreadyStarted },
  });

export const holderNotOfOrdersGame = (holder: string) =>
  new DomainError("unprocessable", ErrorCode.holderWrongGame, `${holder} holds stock of another game: choose a holder of this order's game.`, {
    fields: { holderId: `${holder} holds stock of another game: choose a holder of this order's game.` },
  });

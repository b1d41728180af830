import { DomainError, type DomainErrorKind } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

/** An error about one field of the holder form: the message is the answer's and the field's alike. */
const onField = (kind: DomainErrorKind, code: ErrorCode, field: string, message: string) =>
  new DomainError(kind, code, message, { fields: { [field]: message } });

export const holderNotFound = () => new DomainError("not_found", ErrorCode.holderNotFound, "Holder not found.");

export const holderExists = () => onField("conflict", ErrorCode.holderExists, "robloxUsername", "This Roblox account already holds stock for this game.");

export const holderAccountMissing = () =>
  onField("unprocessable", ErrorCode.robloxUserNotFound, "robloxUsername", "We could not find this Roblox account. Please check the username.");

export const holderAccountBanned = () =>
  onField("unprocessable", ErrorCode.robloxUserBanned, "robloxUsername", "This Roblox account is banned, so it cannot hold stock.");

export const robloxUnreachable = () =>
  onField("provider_unavailable", ErrorCode.robloxUnreachable, "robloxUsername", "Roblox could not be reached just now. Please try again in a minute.");

export const unknownGame = () => onField("invalid", ErrorCode.holderWrongGame, "gameId", "Choose a game.");

export const productNotInHoldersGame = () => onField("invalid", ErrorCode.holderWrongGame, "productId", "This product is not of the holder's game.");

export const holderIsLost = () =>
  new DomainError("conflict", ErrorCode.holderLost, "This account is marked lost: restore it before changing its stock.", {
    answer: { code: ErrorCode.holderLost },
  });

export const holderCannotCover = (holder: string) =>
  onField("conflict", ErrorCode.holderShort, "holderId", `${holder} does not hold every unit of this order.`);

export const deliveryAlreadyStarted = () =>
  new DomainError("conflict", ErrorCode.deliveryAlreadyStarted, "Delivery has started: the holder can no longer be changed.", {
    answer: { code: ErrorCode.deliveryAlreadyStarted },
  });

export const holderNotOfOrdersGame = (holder: string) =>
  onField("unprocessable", ErrorCode.holderWrongGame, "holderId", `${holder} holds stock of another game: choose a holder of this order's game.`);

import { DomainError } from "../shared/domain-error.ts";
import { ErrorCode } from "../shared/error-codes.ts";

export const robloxUserNotFound = () =>
  new DomainError("unprocessable", ErrorCode.robloxUserNotFound, "We could not find this Roblox account. Please check the username.", {
    answer: { code: ErrorCode.robloxUserNotFound },
  });

/** The look-up's own answer ("Is this you?"): no such account is a 404 there, a 422 at checkout. */
export const robloxAccountNotFound = () =>
  new DomainError("not_found", ErrorCode.robloxUserNotFound, "We could not find this Roblox account. Please check the username.", {
    answer: { code: ErrorCode.robloxUserNotFound },
  });

export const robloxUserBanned = () =>
  new DomainError("unprocessable", ErrorCode.robloxUserBanned, "This Roblox account is banned, so it cannot receive items. Please use another account.", {
    answer: { code: ErrorCode.robloxUserBanned },
  });

export const tooManyRobloxLookups = (retryAfterSeconds: number) =>
  new DomainError("rate_limited", ErrorCode.tooManyRobloxLookups, "Too many Roblox names looked up. Please wait a minute and try again.", {
    retryAfterSeconds,
  });

import { dictionary } from "@zxcvbn-ts/language-common";
import type { CommonPasswordCheck } from "#domain/accounts/password-policy.ts";

// The ~49,000 passwords seen most often in public breach corpora, as shipped by zxcvbn-ts (a
// maintained port of Dropbox's zxcvbn). Local on purpose: a shop's server may not reach the
// Have I Been Pwned API, and a sign-up must not wait on it.
let common: Set<string> | undefined;

/** True when the password (case-insensitively) is on the breached-passwords list. */
export const isCommonPassword: CommonPasswordCheck = (password) => {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
};

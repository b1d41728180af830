import { randomInt } from "node:crypto";
import type { ReferralCodeGenerator } from "../../domain/rewards/referral-code-generator.port.ts";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "../../domain/rewards/referral.ts";

/** Referral codes from the operating system's random source: not guessable from one another. */
export const randomReferralCodes: ReferralCodeGenerator = {
  newCode: () => Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join(""),
};

import { randomInt } from "node:crypto";
import type { PromoCodeGenerator } from "#domain/promotions/promo-claims.port.ts";
import type { ReferralCodeGenerator } from "#domain/rewards/referral-code-generator.port.ts";
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from "#domain/rewards/referral.ts";

/** Referral codes from the operating system's random source: not guessable from one another. */
export const randomReferralCodes: ReferralCodeGenerator = {
  newCode: () => Array.from({ length: REFERRAL_CODE_LENGTH }, () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)]).join(""),
};

const PROMO_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Promo codes: WELCOME20- and ten random characters (about 50 bits: not guessable, easy to type). */
export const randomPromoCodes: PromoCodeGenerator = {
  newCode: () => `WELCOME20-${Array.from({ length: 10 }, () => PROMO_ALPHABET[randomInt(PROMO_ALPHABET.length)]).join("")}`,
};

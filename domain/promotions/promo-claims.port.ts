/** Which addresses were given a promo code. One code per address, ever. */
export interface PromoClaims {
  /**
   * Records that `email` gets the code `discountCodeId`; false (and nothing recorded) when the
   * address already has one. Of two concurrent claims for one address, exactly one answers true.
   */
  addIfNew(email: string, discountCodeId: string, at: Date): Promise<boolean>;
}

/** Makes codes nobody can guess from another (the operating system's random source). */
export interface PromoCodeGenerator {
  newCode(): string;
}

/** Which addresses were given a promo code. One code per mailbox, ever (issue 46: not per spelling). */
export interface PromoClaims {
  /**
   * Records that `email` gets the code `discountCodeId`; false (and nothing recorded) when the
   * address or its mailbox (`mailbox`, domain/shared/mailbox.ts's key) already has one. Of two
   * concurrent claims for one mailbox, exactly one answers true.
   */
  addIfNew(claim: { email: string; mailbox: string }, discountCodeId: string, at: Date): Promise<boolean>;
}

/** Makes codes nobody can guess from another (the operating system's random source). */
export interface PromoCodeGenerator {
  newCode(): string;
}

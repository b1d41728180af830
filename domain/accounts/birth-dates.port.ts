/** The account's date of birth: given once, kept on the account, erased with it. */
export interface BirthDates {
  /**
   * Records the date on an account that has none; false when it already has one (or no such
   * account): a date once given is not changed by the shopper, so a child cannot become 18 by
   * typing another year. Two racing calls: one records, the other gets false.
   */
  giveOnce(userId: string, birthDate: string): Promise<boolean>;
}

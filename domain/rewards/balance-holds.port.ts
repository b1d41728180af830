/** Whether an account's points and store credit are on hold (frozen since a chargeback, issue 37). */
export interface BalanceHolds {
  onHold(userId: string): Promise<boolean>;
}

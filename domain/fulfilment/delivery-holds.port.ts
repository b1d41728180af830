/**
 * Orders held from delivery: paid, but not to be processed or delivered until staff release them.
 * The risk module holds them (a payment check, issue 37) and its repository answers this port, so
 * fulfilment refuses to deliver a held order without knowing why it is held.
 */
export interface DeliveryHolds {
  isHeld(orderId: string): Promise<boolean>;
}

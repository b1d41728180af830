/**
 * Who owns an order, as the order chat needs to know it. Implemented against the orders table of
 * the orders module; the chat needs nothing else of an order.
 */
export interface OrderOwnership {
  /**
   * The user id of the order's owner; null when the order exists but belongs to no account (only
   * administrators may use its chat); undefined when there is no such order.
   */
  ownerOf(orderId: string): Promise<string | null | undefined>;
}

/**
 * How every screen, email and notice writes an id short (admin-panel.md 9: truncated to 8
 * characters): its first 8 characters in capitals, so an order reads "#744484AD" in the panel, the
 * shopper's dashboard, the emails and the webhooks alike. The admin's order search is
 * case-insensitive, so the short id as written finds the order.
 */
export function shortId(id: string): string {
  return id.slice(0, 8).toUpperCase();
}

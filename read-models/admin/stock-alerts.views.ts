/** One address waiting for (or told about) a product, as the Item Requests tab lists it (issue 36). */
export interface StockAlertView {
  id: string;
  productId: string;
  productName: string;
  email: string;
  status: "waiting" | "notified" | "unsubscribed";
  createdAt: string;
  notifiedAt: string | null;
  /** Set when staff linked an item request to the product. */
  itemRequestId: string | null;
}

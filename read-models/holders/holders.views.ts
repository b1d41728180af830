/** A holder account as the Holders list shows it, with its stock per product. */
export interface HolderView {
  id: string;
  gameId: string;
  gameName: string;
  robloxUsername: string;
  robloxUserId: string;
  robloxDisplayName: string;
  avatarUrl: string | null;
  note: string | null;
  status: "active" | "lost";
  lostAt: string | null;
  lostNote: string | null;
  createdAt: string;
  stock: { productId: string; productName: string; quantity: number }[];
}

/** The answer of the lost action: the account, and the open orders reserved on it for staff to give another holder. */
export type LostHolderView = HolderView & { ordersToReassign: string[] };

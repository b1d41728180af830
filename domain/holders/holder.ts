/** A Roblox account that holds a shop's stock of one game, as the directory resolved it. */
export interface Holder {
  id: string;
  gameId: string;
  robloxUsername: string;
  /** Roblox's numeric id, as text (ids have outgrown 32 bits). */
  robloxUserId: string;
  robloxDisplayName: string;
  avatarUrl: string | null;
  note: string | null;
  /** lost: banned or stolen, its stock is gone until staff restore it. */
  status: "active" | "lost";
  lostAt: Date | null;
  lostNote: string | null;
  createdAt: Date;
}

/** A holder's units of one product. */
export interface HolderStockLine {
  productId: string;
  quantity: number;
}

/** A holder as the audit trail keeps it: the account and its stock. */
export interface AuditedHolder {
  holder: Holder;
  stock: HolderStockLine[];
}

/** A holder may take an order only when every item of it is of the holder's game: it trades in that game alone. */
export function holdsOrdersGame(holder: Pick<Holder, "gameId">, items: readonly { gameId: string }[]): boolean {
  return items.every((item) => item.gameId === holder.gameId);
}

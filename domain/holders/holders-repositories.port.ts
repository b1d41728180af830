import type { Audited } from "../audit/audit-log.port.ts";
import type { OrderHolders } from "../orders/order-holders.port.ts";
import type { OrderRepository, StockRepository } from "../orders/order-repository.port.ts";
import type { HolderAccounts } from "./holder-accounts.port.ts";

/** What the holders' use cases need in one transaction. */
export interface HoldersRepositories extends Audited {
  accounts: HolderAccounts;
  holders: OrderHolders;
  /** The products' row locks the checkout takes too: holders' stock changes queue behind a placement. */
  stock: Pick<StockRepository, "lock">;
  orders: Pick<OrderRepository, "byId">;
}

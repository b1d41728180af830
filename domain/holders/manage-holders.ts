import type { AuditActor } from "../audit/audit-entry.ts";
import type { RobloxDirectory } from "../roblox/roblox-directory.port.ts";
import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { Holder, HolderStockLine } from "./holder.ts";
import type { HoldersRepositories } from "./holders-repositories.port.ts";
import {
  holderAccountBanned,
  holderAccountMissing,
  holderExists,
  holderIsLost,
  holderNotFound,
  productNotInHoldersGame,
  robloxUnreachable,
  unknownGame,
} from "./holders.errors.ts";

export interface HoldersDeps {
  unitOfWork: UnitOfWork<HoldersRepositories>;
  directory: RobloxDirectory;
  clock: Clock;
  ids: IdGenerator;
}

/** A holder with its stock: what the answers and the audit trail show. */
export interface HolderWithStock {
  holder: Holder;
  stock: HolderStockLine[];
}

async function withStock(repos: HoldersRepositories, holder: Holder): Promise<HolderWithStock> {
  return { holder, stock: await repos.accounts.stockOf(holder.id) };
}

async function existing(repos: HoldersRepositories, holderId: string): Promise<Holder> {
  const holder = await repos.accounts.byId(holderId);
  if (!holder) throw holderNotFound();
  return holder;
}

/**
 * Staff register a Roblox account that holds a game's stock. Roblox is asked who the name is before
 * the transaction (a network call never holds a lock): the holder keeps its id, spelling and avatar.
 * An unknown or banned account is refused at the field; Roblox unreachable too (a holder is worth
 * checking, and staff can try again in a minute).
 */
export async function registerHolder(
  input: { gameId: string; robloxUsername: string; note: string | null },
  actor: AuditActor,
  deps: HoldersDeps,
): Promise<Holder> {
  const found = await deps.directory.byUsername(input.robloxUsername);
  if (found.kind === "missing") throw holderAccountMissing();
  if (found.kind === "unreachable") throw robloxUnreachable();
  if (found.user.banned) throw holderAccountBanned();
  const now = deps.clock.now();
  const holder: Holder = {
    id: deps.ids.newId(),
    gameId: input.gameId,
    robloxUsername: found.user.name,
    robloxUserId: String(found.user.id),
    robloxDisplayName: found.user.displayName,
    avatarUrl: found.user.avatarUrl,
    note: input.note,
    status: "active",
    lostAt: null,
    lostNote: null,
    createdAt: now,
  };
  return deps.unitOfWork.run(async (repos) => {
    if (!(await repos.accounts.gameExists(input.gameId))) throw unknownGame();
    if (!(await repos.accounts.add(holder))) throw holderExists();
    await repos.audit.record({ actor, at: now, kind: "holder.create", entityId: holder.id, before: null, after: { holder, stock: [] } });
    return holder;
  });
}

/**
 * Sets a holder's units of a product of its game; the product's stock becomes the sum over its
 * active holders, under the product's row lock (so a checkout never reads a half-made sum). Audited.
 */
export async function setHolderStock(
  input: { holderId: string; productId: string; quantity: number },
  actor: AuditActor,
  deps: HoldersDeps,
): Promise<HolderWithStock> {
  return deps.unitOfWork.run(async (repos) => {
    const holder = await existing(repos, input.holderId);
    if (holder.status === "lost") throw holderIsLost();
    if ((await repos.accounts.gameOfProduct(input.productId)) !== holder.gameId) throw productNotInHoldersGame();
    await repos.stock.lock([input.productId]);
    const before = await withStock(repos, holder);
    await repos.accounts.setQuantity(holder.id, input.productId, input.quantity);
    await repos.holders.recount([input.productId]);
    const after = await withStock(repos, holder);
    await repos.audit.record({ actor, at: deps.clock.now(), kind: "holder.stock", entityId: holder.id, before, after });
    return after;
  });
}

/**
 * "This account is lost" (banned, stolen): its stock is zeroed everywhere, its products recounted
 * (those at 0 show Out of stock; a back-in-stock alert waits for the next restock), and the open
 * orders reserved on it are listed for staff to give another holder. Audited; a second time
 * changes nothing.
 */
export async function markHolderLost(
  input: { holderId: string; note: string },
  actor: AuditActor,
  deps: HoldersDeps,
): Promise<HolderWithStock & { ordersToReassign: string[] }> {
  return deps.unitOfWork.run(async (repos) => {
    const holder = await existing(repos, input.holderId);
    const before = await withStock(repos, holder);
    if (holder.status === "active") {
      const productIds = before.stock.map((line) => line.productId);
      await repos.stock.lock(productIds);
      const now = deps.clock.now();
      for (const productId of productIds) await repos.accounts.setQuantity(holder.id, productId, 0);
      await repos.accounts.setStatus(holder.id, "lost", { at: now, note: input.note });
      await repos.holders.recount(productIds);
      const after = await withStock(repos, await existing(repos, holder.id));
      await repos.audit.record({ actor, at: now, kind: "holder.lost", entityId: holder.id, before, after });
      return { ...after, ordersToReassign: await repos.accounts.openOrdersOn(holder.id) };
    }
    return { ...before, ordersToReassign: await repos.accounts.openOrdersOn(holder.id) };
  });
}

/** A lost account back (recovered, unbanned) with its stock entered again; its products recounted. Audited. */
export async function restoreHolder(
  input: { holderId: string; stock: readonly HolderStockLine[] },
  actor: AuditActor,
  deps: HoldersDeps,
): Promise<HolderWithStock> {
  return deps.unitOfWork.run(async (repos) => {
    const holder = await existing(repos, input.holderId);
    for (const line of input.stock) if ((await repos.accounts.gameOfProduct(line.productId)) !== holder.gameId) throw productNotInHoldersGame();
    const before = await withStock(repos, holder);
    const productIds = [...new Set([...before.stock.map((line) => line.productId), ...input.stock.map((line) => line.productId)])];
    await repos.stock.lock(productIds);
    await repos.accounts.setStatus(holder.id, "active", null);
    for (const line of input.stock) await repos.accounts.setQuantity(holder.id, line.productId, line.quantity);
    await repos.holders.recount(productIds);
    const after = await withStock(repos, await existing(repos, holder.id));
    await repos.audit.record({ actor, at: deps.clock.now(), kind: "holder.restore", entityId: holder.id, before, after });
    return after;
  });
}

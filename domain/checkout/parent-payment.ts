import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountDue, type PreparedCheckout } from "./checkout.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";
import { parentLinkEnded, parentLinkNotFound, parentLinkState, type ParentLink, type ParentLinkState } from "./parent-link.ts";

/** What the parent's page shows: the checkout the link pays, as it was priced. */
export interface ParentLinkView {
  items: { name: string; quantity: number; unitPrice: number }[];
  /** What the parent pays: the total less the child's store credit applied. */
  total: number;
  /** Who receives it in Roblox: the account as Roblox showed it at checkout, or the typed name alone ("not checked"). */
  roblox: { username: string; displayName: string | null; avatarUrl: string | null; verified: boolean };
  expiresAt: Date;
}

/**
 * The link of `token` and its checkout, in a state among `accept` (else 410 saying why; an unknown
 * token 404). The token is all the parent has: it opens this checkout's payment and nothing else
 * (not the child's account, orders or cart).
 */
export async function resolveParentLink(
  repos: Pick<CheckoutRepositories, "parentLinks" | "checkouts" | "cart">,
  token: string,
  now: Date,
  accept: readonly ParentLinkState[] = ["open"],
): Promise<{ link: ParentLink; checkout: PreparedCheckout; state: ParentLinkState }> {
  const link = await repos.parentLinks.byToken(token);
  if (!link) throw parentLinkNotFound();
  const checkout = await repos.checkouts.byId(link.checkoutId);
  const cart = await repos.cart.lines({ kind: "user", userId: link.userId });
  const state = parentLinkState(link, checkout, cart, now);
  if (!accept.includes(state)) throw parentLinkEnded(state === "open" ? "expired" : state);
  if (!checkout) throw parentLinkNotFound();
  return { link, checkout, state };
}

/** GET /api/pay/{token}: the cart the link pays, while it is open. */
export async function readParentLink(token: string, deps: { unitOfWork: UnitOfWork<CheckoutRepositories>; clock: Clock }): Promise<ParentLinkView> {
  return deps.unitOfWork.run(async (repos) => {
    const { link, checkout } = await resolveParentLink(repos, token, deps.clock.now());
    return {
      items: checkout.items.map((item) => ({ name: item.productName, quantity: item.quantity, unitPrice: item.unitPrice })),
      total: amountDue(checkout),
      roblox: {
        username: checkout.robloxUsername,
        displayName: checkout.recipient.displayName,
        avatarUrl: checkout.recipient.avatarUrl,
        verified: checkout.recipient.verified,
      },
      expiresAt: link.expiresAt,
    };
  });
}

/**
 * The parent's "not now": the link ends, the checkout's hold goes (its units are on sale again),
 * nothing is charged, and the child is told by email. A link that is not open: 410.
 */
export async function declineParentLink(token: string, deps: { unitOfWork: UnitOfWork<CheckoutRepositories>; clock: Clock }): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork.run(async (repos) => {
    const { link, checkout } = await resolveParentLink(repos, token, now);
    if (!(await repos.parentLinks.decline(link.id, now))) throw parentLinkEnded("declined");
    await repos.checkouts.replacePrepared(link.userId);
    await repos.mail.add({ template: "parent_declined", toUserId: link.userId, data: { total: amountDue(checkout) } });
  });
}

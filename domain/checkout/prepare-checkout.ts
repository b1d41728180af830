import type { Clock } from "../shared/clock.port.ts";
import { checkMinorMonthlyLimit, type MinorMonthlyAllowance } from "./minor-monthly-limit.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import { prepareChecks, preparingTooFast, type HoldCaps } from "./hold-policy.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { decidePrepare, type CartEntry, type CheckoutClaim, type PreparedCheckout } from "./checkout.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";
import { checkoutRefused } from "../risk/risk.errors.ts";
import { refuseFrozenCredit } from "../risk/chargeback-memory.ts";
import type { RobloxDirectory } from "../roblox/roblox-directory.port.ts";
import { resolveRecipient } from "../roblox/roblox-recipient.ts";
import type { LinkedRobloxAccounts } from "../roblox/delivery-recipient.ts";
import { isValidRobloxUsername } from "./roblox-username.ts";
import type { GamePasses } from "../roblox/game-passes.port.ts";
import { lookUpGamePass } from "../roblox/check-game-pass.ts";
import { refusePausedMethods } from "../fulfilment/paused-delivery-methods.ts";

/**
 * Prices the signed-in shopper's cart on the server, checks the page's claim against it and records
 * a prepared checkout that holds its items for 15 minutes. A new prepare replaces the shopper's
 * previous one (and its hold); a refused prepare changes nothing, the old hold included. The cart's
 * products are locked before their availability is read, so two prepares (of any shoppers, in any
 * process) cannot both hold the same last unit; one shopper's prepares also queue behind each other
 * (replacePrepared), so a shopper never ends up with two prepared checkouts.
 * With `useStoreCredit`, the checkout records how much of the shopper's store credit pays for it
 * (at most the total); the payment is then asked only for the rest.
 * The Roblox name is checked at Roblox first: unknown 422 roblox_user_not_found, banned 422
 * roblox_user_banned; the checkout keeps the account's id, display name and avatar.
 * With `allowance` (an account under 18, a monthly limit set) a total over what is left of the
 * month's limit is refused (422 minor_monthly_limit) and nothing is held.
 */
export async function prepareCheckout(
  input: { userId: string; claim: CheckoutClaim; clientIp?: string | null; allowance?: MinorMonthlyAllowance | null },
  deps: {
    unitOfWork: UnitOfWork<CheckoutRepositories>;
    clock: Clock;
    ids: IdGenerator;
    /** Holds that cannot be hoarded: caps on units, and a prepare rate per account and address. */
    holds?: { caps: HoldCaps; rateLimiter: RateLimiter; preparesPerMinute: number };
    /** Roblox's directory: the name is checked before anything is held (absent: it goes on unchecked). */
    directory?: RobloxDirectory;
    /** Which Roblox account the shopper linked (absent: none can be). */
    linkedAccounts?: LinkedRobloxAccounts;
    /** Roblox's game passes: the pass a Robux product is paid out through (absent: none can be checked). */
    gamePasses?: GamePasses;
  },
): Promise<PreparedCheckout> {
  const now = deps.clock.now();
  if (deps.holds)
    await enforceLimits(
      deps.holds.rateLimiter,
      prepareChecks({ userId: input.userId, clientIp: input.clientIp ?? null }, deps.holds.preparesPerMinute),
      preparingTooFast,
    );
  // Asked before the transaction (Roblox is a network call): an unknown or banned account is refused
  // here, before anything is held or paid; Roblox being down lets the name go on "not checked".
  const typedName = input.claim.robloxUsername.trim();
  const recipient = deps.directory && isValidRobloxUsername(typedName) ? await resolveRecipient(typedName, deps.directory) : undefined;
  // The pass too (a network call): whether the cart needs one, and for how many Robux, is decided in the transaction.
  const namedPass = input.claim.gamePass?.trim();
  const gamePass = namedPass && deps.gamePasses ? await lookUpGamePass(namedPass, deps.gamePasses) : undefined;
  const linkedRobloxUserId = recipient?.verified && deps.linkedAccounts ? await deps.linkedAccounts.linkedRobloxUserId(input.userId) : null;
  return deps.unitOfWork.run(async ({ checkouts, cart, products, discountCodes, stock, rewards, blocklist, chargebacks, terms }) => {
    // A blocked party cannot check out; the answer does not say which entry matched.
    const party = { email: input.claim.email, robloxUsername: input.claim.robloxUsername, payerId: null, ip: input.clientIp ?? null };
    if (await blocklist.matches(party, now)) throw checkoutRefused();
    // An account frozen since a chargeback cannot pay with its store credit (it may pay in full).
    await refuseFrozenCredit({ chargebacks }, input.userId, input.claim.useStoreCredit);
    await checkouts.replacePrepared(input.userId);
    const previousHold = await checkouts.latestHold(input.userId);
    const lines = await cart.lines({ kind: "user", userId: input.userId });
    await stock.lock(lines.map((line) => line.productId));
    const entries: CartEntry[] = [];
    for (const line of lines) {
      entries.push({ line, product: await products.product(line.productId, input.userId, now) });
    }
    // A delivery method the owner paused (Roblox changed a rule) is refused before anything is held.
    refusePausedMethods(
      entries.map((entry) => entry.product),
      await terms.pausedMethods(),
    );
    const discountCode = input.claim.discountCodeId ? await discountCodes.byId(input.claim.discountCodeId) : null;
    // Read in this transaction; the balance is checked again (conditionally) when the order is placed.
    const storeCredit = input.claim.useStoreCredit ? await rewards.storeCreditBalance(input.userId) : 0;
    const checkout = decidePrepare({
      id: deps.ids.newId(),
      userId: input.userId,
      claim: input.claim,
      cart: entries,
      discountCode,
      storeCredit,
      now,
      previousHold,
      ...(deps.holds ? { caps: deps.holds.caps } : {}),
      ...(recipient ? { recipient, linkedRobloxUserId } : {}),
      ...(gamePass ? { gamePass } : {}),
    });
    checkMinorMonthlyLimit(input.allowance ?? null, checkout.total);
    await checkouts.add(checkout);
    return checkout;
  });
}

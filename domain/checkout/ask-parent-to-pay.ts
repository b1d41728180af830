import { isMinor } from "../accounts/age.ts";
import { greetingName } from "../mail/mail.ts";
import type { Clock } from "../shared/clock.port.ts";
import { sameMailbox } from "../shared/mailbox.ts";
import { enforceLimits } from "../shared/rate-limit.ts";
import type { RateLimiter } from "../shared/rate-limiter.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountDue, paymentRequired } from "./checkout.ts";
import { noPaymentNeeded, noPreparedCheckout } from "./checkout.errors.ts";
import type { CheckoutRepositories } from "./checkout-repositories.port.ts";
import { notAMinor, ownAddressRefused, parentLinkChecks, tooManyParentLinks } from "./parent-link.ts";

/**
 * A minor's prepared checkout asks a parent to pay: one email to `parentEmail` with a
 * link to exactly this checkout, open for `linkHours`; the checkout keeps its units held while it
 * is open (the hold caps were checked when it was prepared). A second call sends a new link and
 * ends the first. An adult's checkout: 409; the sending is braked per account, per parent mailbox
 * and per address (parentLinkChecks), counted before anything else is read.
 */
export async function askParentToPay(
  input: { child: { id: string; email: string; firstName: string | null; birthDate: string | null }; parentEmail: string; clientIp: string | null },
  deps: { unitOfWork: UnitOfWork<CheckoutRepositories>; clock: Clock; rateLimiter: RateLimiter; linkHours: number },
): Promise<{ expiresAt: Date }> {
  const now = deps.clock.now();
  if (!isMinor(input.child.birthDate, now)) throw notAMinor();
  if (sameMailbox(input.parentEmail, input.child.email)) throw ownAddressRefused();
  await enforceLimits(
    deps.rateLimiter,
    parentLinkChecks({ userId: input.child.id, parentEmail: input.parentEmail, clientIp: input.clientIp }),
    tooManyParentLinks,
  );
  const expiresAt = new Date(now.getTime() + deps.linkHours * 60 * 60_000);
  return deps.unitOfWork.run(async ({ checkouts, parentLinks, mail }) => {
    const checkout = await checkouts.currentOf(input.child.id);
    if (!checkout) throw noPreparedCheckout();
    if (!paymentRequired(checkout)) throw noPaymentNeeded();
    if (sameMailbox(input.parentEmail, checkout.email)) throw ownAddressRefused();
    const token = await parentLinks.add({ checkoutId: checkout.id, userId: input.child.id, parentEmail: input.parentEmail, createdAt: now, expiresAt });
    await checkouts.extendHold(checkout.id, expiresAt);
    await mail.add(
      {
        template: "parent_pay_request",
        to: input.parentEmail,
        data: {
          token,
          childName: greetingName(input.child.firstName, input.child.email),
          robloxUsername: checkout.robloxUsername,
          robloxDisplayName: checkout.recipient.verified ? checkout.recipient.displayName : null,
          items: checkout.items.map((item) => ({ name: item.productName, quantity: item.quantity, unitPrice: item.unitPrice })),
          amountDue: amountDue(checkout),
          expiresAt: expiresAt.toISOString(),
        },
      },
      // The message is the child's account's (erased with it), not the parent's.
      input.child.id,
    );
    return { expiresAt };
  });
}

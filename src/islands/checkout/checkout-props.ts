import type { CartItemView } from "#read-models/shopping/shopping.views.ts";
import type { CheckoutProvider } from "./ProviderChoice.tsx";
import type { CheckoutRequirement } from "./RequirementsChecklist.tsx";

/** What the checkout page (src/pages/checkout.astro) hands the checkout island. */
export interface CheckoutPageProps {
  initialItems: CartItemView[];
  email: string;
  robloxUsername: string;
  /** The configured ways to pay, the default first: the shopper chooses among them. */
  providers: CheckoutProvider[];
  /** Orders the shopper had when the page loaded: polling looks for one that is not among them. */
  knownOrderIds: string[];
  /** The shopper's store credit when the page loaded, e.g. "12.50". */
  storeCredit: string;
  /** Sandbox: how long a "pending review" test payment stays pending (SANDBOX_PENDING_SECONDS). */
  sandboxPendingSeconds?: number;
  /** What the cart's items need of the buyer's account: each is ticked before paying. */
  requirements?: CheckoutRequirement[];
  /** Under 18: a parent pays through an emailed link instead of the payment buttons. */
  minor?: boolean;
  /** The account has not given its date of birth: the page asks for it before it prepares. */
  needsBirthDate?: boolean;
  /** The Robux the cart's gamepass products pay out (0: none): the buyer's pass is asked for, priced for them. */
  robux?: number;
}

import { tooManyTrackingRequests, unknownTrackedProduct } from "./tracking.errors.ts";
import { TRACKING_WINDOW_MS, trackingHits, type Tracked, type TrackingDeps } from "./tracking.ts";

/**
 * The storefront's report that it added a product to the cart. The product's name and price are
 * the catalogue's, not the client's (the server computes every price); only the quantity is the
 * client's claim. Appends CartItemAdded with source "tracker"; an unknown product is not_found and
 * over the per-visitor limit it is rate_limited, both appending nothing. Concurrent calls each
 * append their own event (each is one add). Without analytics consent it is nobody's add.
 */
export async function recordCartActivity(input: { productId: string; quantity: number }, who: Tracked, deps: TrackingDeps): Promise<void> {
  const now = deps.clock.now();
  const outcome = await deps.tracking.run(async ({ events, limiter, products }) => {
    let admitted = true;
    // Every hit is counted, even after one refuses, as the page-view path counts them.
    for (const hit of trackingHits("cart-activity", who, deps.limitPerMinute))
      if (!(await limiter.hit(hit.key, hit.limit, TRACKING_WINDOW_MS))) admitted = false;
    if (!admitted) return { limited: limiter.secondsLeft(TRACKING_WINDOW_MS) };
    const product = await products.find(input.productId);
    if (!product) return "unknown" as const;
    await events.append({
      type: "CartItemAdded",
      occurredAt: now,
      // Without analytics consent the add is counted, but as nobody's (as page views are, issue 20).
      visitorId: who.analyticsConsent ? who.visitorId : null,
      userId: who.analyticsConsent ? who.userId : null,
      payload: { productId: input.productId, productName: product.name, quantity: input.quantity, price: product.price, source: "tracker" },
    });
    return "recorded" as const;
  });
  if (typeof outcome === "object") throw tooManyTrackingRequests(outcome.limited);
  if (outcome === "unknown") throw unknownTrackedProduct();
}

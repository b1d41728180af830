import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { cleanRatingText, hasOpenCase, isDelivered, isStars, MAX_RATING_TEXT, type Rating } from "./rating.ts";
import { alreadyRated, badStars, orderNotDelivered, productNotInOrder, ratingCaseOpen, ratingOrderNotFound, ratingTextTooLong } from "./ratings.errors.ts";
import type { RatingsRepositories } from "./ratings-repositories.port.ts";

export interface RateOrderDeps {
  unitOfWork: UnitOfWork<Pick<RatingsRepositories, "ratings" | "orders">>;
  ids: IdGenerator;
  clock: Clock;
}

/**
 * A shopper rates a product of an order: only their own order (another's is "not
 * found", as an unknown one), only once it was delivered, only a product it holds, and once per
 * product (the unique index decides when two requests race). The rating waits for staff to
 * publish it: nothing a shopper writes shows on the product page unread.
 */
export async function rateOrder(
  input: { orderId: string; userId: string; productId: string; stars: number; comment: string | null | undefined },
  deps: RateOrderDeps,
): Promise<Rating> {
  if (!isStars(input.stars)) throw badStars();
  const comment = cleanRatingText(input.comment);
  if (comment !== null && comment.length > MAX_RATING_TEXT) throw ratingTextTooLong();
  return deps.unitOfWork.run(async ({ ratings, orders }) => {
    const order = await orders.find(input.orderId);
    if (!order || order.userId !== input.userId) throw ratingOrderNotFound();
    if (!isDelivered(order)) throw orderNotDelivered();
    if (hasOpenCase(order)) throw ratingCaseOpen();
    if (!order.productIds.includes(input.productId)) throw productNotInOrder();
    const rating: Rating = {
      id: deps.ids.newId(),
      orderId: order.id,
      productId: input.productId,
      userId: input.userId,
      stars: input.stars,
      comment,
      status: "pending",
      reply: null,
      createdAt: deps.clock.now(),
      moderatedAt: null,
      moderatedBy: null,
    };
    if (!(await ratings.add(rating))) throw alreadyRated();
    return rating;
  });
}

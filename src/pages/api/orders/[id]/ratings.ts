import { ratingOrderNotFound } from "#domain/ratings/ratings.errors.ts";
import { findOrderOwner } from "#read-models/shopping/order-timeline.queries.ts";
import { listRatingsOfOrder } from "#read-models/shopping/order-ratings.query.ts";
import type { OrderRatingView } from "#read-models/shopping/order-ratings.views.ts";
import { requireUser } from "#server/guards.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { RateOrderBody } from "#server/schemas/ratings.schemas.ts";

// The ratings the shopper gave this order (the dashboard's form shows what is rated already). The
// owner's alone: another's order or an unknown one is the same 404, guests 401.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const { app } = context.locals;
  const orderId = param(context, "id");
  if ((await findOrderOwner(app.db, orderId)) !== user.id) throw ratingOrderNotFound();
  return json(await listRatingsOfOrder(app.db, orderId));
});

// Rate one product of a delivered order: 201 once; again 409, before delivery 409, a product not
// bought in it 422, another's order 404 (issue 36).
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { productId, stars, comment } = await readJson(context.request, RateOrderBody);
  const rating = await context.locals.app.ratings.rateOrder({ orderId: param(context, "id"), userId: user.id, productId, stars, comment });
  const view = {
    productId: rating.productId,
    stars: rating.stars,
    comment: rating.comment,
    status: rating.status,
    createdAt: rating.createdAt.toISOString(),
  } satisfies OrderRatingView;
  return json(view, 201);
});

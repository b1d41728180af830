import { centsFromDecimal } from "#domain/shared/money.ts";
import { findOrder, refundView } from "#read-models/shopping/orders.queries.ts";
import { requireAdmin } from "#server/guards.ts";
import { invalidInput } from "#server/http-errors.ts";
import { json, param, readJson, route } from "#server/http.ts";
import { IdempotencyKey, RefundRequest } from "#server/schemas/admin-orders.schemas.ts";
import { orderNotFound } from "#domain/orders/orders.errors.ts";

// An administrator refunds an order, in full (no amount) or in part, to the payment (through the
// provider) or as store credit. An Idempotency-Key header makes a retried request answer the first
// refund (201 again) instead of refunding twice; more than is left to refund is a 409.
export const POST = route(async (context) => {
  const admin = await requireAdmin(context, "refunds");
  const body = await readJson(context.request, RefundRequest);
  const rawKey = context.request.headers.get("idempotency-key");
  const key = rawKey === null ? null : IdempotencyKey.safeParse(rawKey);
  if (key && !key.success) throw invalidInput("Idempotency-Key must be 1 to 200 characters");
  const amount = body.amount === undefined ? null : centsFromDecimal(body.amount);
  if (amount !== null && amount <= 0) throw invalidInput("amount: must be more than 0.00");
  const { app } = context.locals;
  const orderId = param(context, "id");
  const refund = await app.ordering.refundOrder(
    { orderId, amount, destination: body.destination, reason: body.reason, idempotencyKey: key?.data ?? null },
    admin,
  );
  return json(refundView({ ...refund, amountCents: refund.amount, createdAt: refund.createdAt.toISOString() }), 201);
});

// The order's refunds, oldest first.
export const GET = route(async (context) => {
  await requireAdmin(context, "orders");
  const order = await findOrder(context.locals.app.db, param(context, "id"));
  if (!order) throw orderNotFound();
  return json(order.refunds);
});

import { formatCents } from "#domain/shared/money.ts";
import { json, param, route } from "#server/http.ts";
import type { ParentLinkAnswer } from "#read-models/shopping/checkout.views.ts";

// The cart a parent's link pays, without a session: the token is the permission, and it
// shows that one checkout only. 410 (saying why) once expired, declined, paid or the cart changed.
export const GET = route(async (context) => {
  const view = await context.locals.app.ordering.readParentLink(param(context, "token"));
  return json({
    items: view.items.map((item) => ({
      name: item.name,
      quantity: item.quantity,
      unitPrice: formatCents(item.unitPrice),
      lineTotal: formatCents(item.unitPrice * item.quantity),
    })),
    total: formatCents(view.total),
    roblox: view.roblox,
    expiresAt: view.expiresAt.toISOString(),
  } satisfies ParentLinkAnswer);
});

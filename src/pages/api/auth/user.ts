import { listOrdersOfUser } from "../../../../read-models/accounts/orders-of-user.ts";
import { userJson } from "../../../server/auth-bridge.ts";
import { requireUser } from "../../../server/guards.ts";
import { json, route } from "../../../server/http.ts";

// The signed-in user with their orders (the checkout page polls this for a new order).
export const GET = route(async (context) => {
  const user = await requireUser(context);
  return json({ ...userJson(user), orders: await listOrdersOfUser(context.locals.app.db, user.id) });
});

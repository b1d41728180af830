import { pausedMethodsOf } from "#read-models/shopping/paused-delivery-methods.query.ts";
import { requireAdmin } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { PausedMethodsInput } from "#server/schemas/delivery.schemas.ts";

// Delivery methods as data: a paused one is refused at checkout until resumed.
export const GET = route(async (context) => {
  await requireAdmin(context, "settings");
  return json(await pausedMethodsOf(context.locals.app.db));
});

export const PUT = route(async (context) => {
  const staff = await requireAdmin(context, "settings");
  const { paused } = await readJson(context.request, PausedMethodsInput);
  await context.locals.app.ordering.savePausedMethods(paused, staff);
  return json(await pausedMethodsOf(context.locals.app.db));
});

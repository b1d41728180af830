import { json, readJson, route } from "#server/http.ts";
import { GamePassCheck } from "#server/schemas/shopping.schemas.ts";

// "Check my gamepass" at checkout: the pass must be the recipient's own, for sale, priced for the
// Robux and without regional pricing (422 with the fix); braked like "Is this you?".
export const POST = route(async (context) => {
  const { app } = context.locals;
  const input = await readJson(context.request, GamePassCheck);
  const user = await context.locals.currentUser();
  const who = { userId: user?.id ?? null, visitorId: context.locals.visitorId, clientIp: context.locals.clientIp };
  const pass = await app.roblox.checkGamePass({ ...input, who });
  return json({ ok: true, gamePassId: pass.id, price: pass.price });
});

import { requireUser } from "#server/guards.ts";
import { json, noContent, readJson, route } from "#server/http.ts";
import { RobloxResolve } from "#server/schemas/shopping.schemas.ts";

// The shopper's saved Roblox account (dashboard settings), offered at their next checkout: checked
// at Roblox like "Is this you?" (422 unknown or banned, nothing kept), kept as Roblox spells it.
export const PUT = route(async (context) => {
  const user = await requireUser(context);
  const { username } = await readJson(context.request, RobloxResolve);
  const who = { userId: user.id, visitorId: context.locals.visitorId, clientIp: context.locals.clientIp };
  const saved = await context.locals.app.roblox.saveRobloxAccount({ userId: user.id, username, who });
  return json(
    saved.verified
      ? { robloxUsername: saved.name, id: saved.userId, displayName: saved.displayName, avatarUrl: saved.avatarUrl, verified: true }
      : { robloxUsername: saved.name, verified: false },
  );
});

// Forgets it: the next checkout starts with an empty name.
export const DELETE = route(async (context) => {
  const user = await requireUser(context);
  await context.locals.app.roblox.forgetRobloxAccount(user.id);
  return noContent();
});

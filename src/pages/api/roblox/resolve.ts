import { json, readJson, route } from "#server/http.ts";
import { RobloxResolve } from "#server/schemas/shopping.schemas.ts";

// "Is this you?" at checkout: the typed name as Roblox knows it (id, display name, avatar), or
// `verified: false` when Roblox cannot be asked; braked per shopper and address like the code checks.
export const POST = route(async (context) => {
  const { app } = context.locals;
  const { username } = await readJson(context.request, RobloxResolve);
  const user = await context.locals.currentUser();
  const who = { userId: user?.id ?? null, visitorId: context.locals.visitorId, clientIp: context.locals.clientIp };
  const recipient = await app.roblox.resolveRecipient({ username, who });
  return json(
    recipient.verified
      ? { id: recipient.userId, name: recipient.name, displayName: recipient.displayName, avatarUrl: recipient.avatarUrl, verified: true }
      : { name: recipient.name, verified: false },
  );
});

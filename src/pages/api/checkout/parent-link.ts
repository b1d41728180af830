import { requireUser } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { ParentLinkRequest } from "#server/schemas/shopping.schemas.ts";

// "Ask a parent to pay": a minor's prepared checkout emails one link to the parent.
// An adult's checkout: 409; braked per account, parent mailbox and address (429).
export const POST = route(async (context) => {
  const user = await requireUser(context);
  const { parentEmail } = await readJson(context.request, ParentLinkRequest);
  const { expiresAt } = await context.locals.app.ordering.askParentToPay({
    child: { id: user.id, email: user.email, firstName: user.firstName, birthDate: user.birthDate },
    parentEmail,
    clientIp: context.locals.clientIp,
  });
  return json({ expiresAt: expiresAt.toISOString() }, 201);
});

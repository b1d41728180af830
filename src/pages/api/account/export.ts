import { requireUser } from "#server/guards.ts";
import { json, route } from "#server/http.ts";

// Dashboard → "Download my data" (issue 20): one JSON file, saved by the browser rather than shown.
export const GET = route(async (context) => {
  const user = await requireUser(context);
  const data = await context.locals.app.accountData.exportAccountData(user.id);
  const day = data.exportedAt.slice(0, 10);
  return json(data, 200, { "content-disposition": `attachment; filename="my-data-${day}.json"` });
});

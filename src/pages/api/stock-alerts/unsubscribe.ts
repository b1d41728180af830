import { DomainError } from "#domain/shared/domain-error.ts";
import { ErrorCode } from "#domain/shared/error-codes.ts";
import { json, readJson, route } from "#server/http.ts";
import { StockAlertUnsubscribeBody } from "#server/schemas/catalogue.schemas.ts";

/** The unsubscribe link of a back-in-stock email (issue 36): no sign-in, the token is the permission, for that one alert. */
export const POST = route(async (context) => {
  const { token } = await readJson(context.request, StockAlertUnsubscribeBody);
  const ended = await context.locals.app.stockAlerts.unsubscribe(token);
  if (!ended) throw new DomainError("not_found", ErrorCode.invalidInput, "This unsubscribe link is not valid.");
  return json({ unsubscribed: true });
});

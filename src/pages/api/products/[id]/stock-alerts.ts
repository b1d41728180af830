import { createHash } from "node:crypto";
import { json, param, readJson, route } from "#server/http.ts";
import { StockAlertBody } from "#server/schemas/catalogue.schemas.ts";

/**
 * "Email me when it's back" (issue 36). The same 202 whether or not the address already waits, so
 * nobody learns who waits for what; the rate limit is per address and per client.
 */
export const POST = route(async (context) => {
  const { email } = await readJson(context.request, StockAlertBody);
  // The rate limit needs to recognise a sender, not to know their address: store only a hash.
  const clientKey = createHash("sha256").update(context.locals.clientIp).digest("hex");
  await context.locals.app.stockAlerts.askStockAlert({ productId: param(context, "id"), email, clientKey });
  return json({ message: "We'll email you when it's back in stock." }, 202);
});

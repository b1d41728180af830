// A second app process for the Stripe webhook test: opens the same database with the real adapters
// (its Stripe SDK against the test's fixture server) and handles every delivery it is given, all at
// once, as POST /stripe/webhook does. Prints one JSON line with each delivery's result.
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const deliveries = JSON.parse(process.env["DELIVERIES"] ?? "[]") as { headers: Record<string, string>; body: string }[];
const app = await openApp(loadConfig(process.env));
// Start together with the other process: wait for the go signal on stdin.
await new Promise((resolve) => process.stdin.once("data", resolve));
const results = await Promise.all(
  deliveries.map((delivery) =>
    app.ordering.handlePaymentWebhook({ provider: "stripe", ...delivery }).then(
      ({ eventId, result }) => ({ eventId, result }),
      (error: unknown) => ({ eventId: null, result: `error: ${String(error)}` }),
    ),
  ),
);
await app.db.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);

// A second app process for the two-process test: opens the same SQLite file with the real adapters
// and captures every payment it is given, all at once. Prints one JSON line with each outcome.
import { isDomainError } from "#domain/shared/domain-error.ts";
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const payments = JSON.parse(process.env["CAPTURES"] ?? "[]") as { userId: string; paymentId: string }[];
const app = await openApp(loadConfig(process.env));
// Start together with the other process: wait for the go signal on stdin.
await new Promise((resolve) => process.stdin.once("data", resolve));
const results = await Promise.all(
  payments.map(async ({ userId, paymentId }) => {
    try {
      const outcome = await app.ordering.capturePayment({ userId, birthDate: null, visitorId: "worker", paymentId });
      return { paymentId, result: outcome.kind };
    } catch (error) {
      return { paymentId, result: isDomainError(error) ? `${error.kind}: ${error.message}` : `error: ${String(error)}` };
    }
  }),
);
await app.db.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);

// One app process for the webhook two-process test (issue 38): the composition root of
// scripts/start.ts (openApp from the environment). Waits for the go signal on stdin, runs 15
// delivery rounds back to back, then prints one JSON line.
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const app = await openApp(loadConfig(process.env));
await new Promise((resolve) => process.stdin.once("data", resolve));
let sent = 0;
let failedRounds = 0;
for (let round = 0; round < 15; round++) {
  try {
    sent += (await app.webhooks.deliverDueWebhooks()).sent;
  } catch {
    failedRounds++;
  }
}
await app.db.destroy();
process.stdout.write(`${JSON.stringify({ sent, failedRounds })}\n`);
process.exit(0);

// One app process for the two-process outbox tests (back in stock, issue 36; webhooks, issue 38):
// the composition root of scripts/serve.ts (openApp from the environment). Waits for the go signal
// on stdin, runs 15 delivery rounds of the outbox WORKER_OUTBOX names ("mail" or "webhooks") back
// to back (a round stopped by the other process's write is what the worker's timer retries), then
// prints one JSON line.
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const app = await openApp(loadConfig(process.env));
const round = process.env["WORKER_OUTBOX"] === "webhooks" ? () => app.webhooks.deliverDueWebhooks() : () => app.mail.deliverDueMail();
await new Promise((resolve) => process.stdin.once("data", resolve));
let sent = 0;
let failedRounds = 0;
for (let i = 0; i < 15; i++) {
  try {
    sent += (await round()).sent;
  } catch {
    failedRounds++;
  }
}
await app.db.destroy();
process.stdout.write(`${JSON.stringify({ sent, failedRounds })}\n`);
process.exit(0);

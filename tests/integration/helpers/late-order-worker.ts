// One app process for the late-order two-process test: the composition root of scripts/serve.ts
// (createApp from the environment) with its late-order job. Waits for the go signal on stdin, then
// runs the job 20 times back to back, and prints one JSON line:
// the orders this process compensated. The other process does the same at the same moment on the
// same database. A run stopped by a failed transaction (SQLite: the other process wrote first) is
// what the job's timer would retry at its next interval; here the next run follows at once.
import { openApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";

const app = await openApp(loadConfig(process.env));
await new Promise((resolve) => process.stdin.once("data", resolve));
const compensated: string[] = [];
const marked: string[] = [];
for (let run = 0; run < 20; run++) {
  const settledNow = await app.lateOrders.runOnce();
  for (const settled of settledNow) {
    if (settled.compensated) compensated.push(settled.orderId);
    if (settled.markedLate) marked.push(settled.orderId);
  }
}
await app.db.destroy();
process.stdout.write(`${JSON.stringify({ compensated, marked })}\n`);
process.exit(0);

// `npm run bench:events` (issue 38): what the live channel costs and how fast it is (bench/lib/events.ts
// says what is measured, and how). `npm run bench` prints the same rows under its table.
import { loadavg } from "node:os";
import { eventsChecks, runEventsBench } from "./lib/events.ts";

const loadBefore = loadavg()[0]!;
const figures = await runEventsBench();
for (const check of eventsChecks(figures)) console.log(check.text);
console.log(`load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`);

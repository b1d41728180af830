import autocannon from "autocannon";
import { processCpuMs } from "./process-cpu.ts";
import type { Scenario } from "./scenario.ts";
import { summarize, type Summary } from "./summary.ts";

export interface LoadOptions {
  /** Seconds measured. */
  durationSec: number;
  /** Seconds of load before measuring (JIT, SQLite page cache, connection set-up); 0 skips it. */
  warmupSec: number;
}

function fire(scenario: Scenario, durationSec: number) {
  return autocannon({
    url: scenario.url,
    method: scenario.method,
    connections: scenario.connections,
    duration: durationSec,
    timeout: 10,
    ...(scenario.headers ? { headers: scenario.headers } : {}),
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
  });
}

const cpuNow = (scenario: Scenario) => (scenario.serverPid === undefined ? null : processCpuMs(scenario.serverPid));

/**
 * Warms the target up, then measures it (and the server's CPU time meanwhile, when its pid is
 * known). The warm-up's numbers are kept only to surface its failures.
 */
export async function runScenario(scenario: Scenario, options: LoadOptions): Promise<{ warmup: Summary | null; measured: Summary }> {
  const warmup = options.warmupSec > 0 ? summarize(scenario, await fire(scenario, options.warmupSec)) : null;
  const cpuBefore = cpuNow(scenario);
  const result = await fire(scenario, options.durationSec);
  const cpuAfter = cpuNow(scenario);
  const serverCpuMs = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  return { warmup, measured: summarize(scenario, result, serverCpuMs) };
}

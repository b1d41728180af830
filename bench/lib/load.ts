import autocannon from "autocannon";
import { processCpuMs } from "./process-cpu.ts";
import type { Scenario } from "./scenario.ts";
import { combineRounds, summarize, type Summary } from "./summary.ts";

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

/**
 * Two scenarios compared by their ratio (a page for a guest and for a signed-in shopper): both
 * warmed up, then measured in four alternating rounds of half the duration, a b b a, so that
 * whatever drifts during the run (a full garbage collection, the machine's other work) falls on
 * both alike instead of on whichever ran second.
 */
export async function runPair(a: Scenario, b: Scenario, options: LoadOptions): Promise<{ warmups: Summary[]; measured: [Summary, Summary] }> {
  const warmups = options.warmupSec > 0 ? [summarize(a, await fire(a, options.warmupSec)), summarize(b, await fire(b, options.warmupSec))] : [];
  const half = { durationSec: options.durationSec / 2, warmupSec: 0 };
  const rounds = new Map<Scenario, Summary[]>([
    [a, []],
    [b, []],
  ]);
  for (const scenario of [a, b, b, a]) rounds.get(scenario)!.push((await runScenario(scenario, half)).measured);
  return { warmups, measured: [combineRounds(rounds.get(a)!), combineRounds(rounds.get(b)!)] };
}

import type { Scenario } from "./scenario.ts";

/** The fields of an autocannon result that the summary reads (autocannon's Result has them all). */
export interface LoadResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  latency: { average: number; p50: number; p99: number; max: number };
  requests: { average: number; total: number };
}

/** What the report prints and results JSON keeps for one scenario. */
export interface Summary {
  name: string;
  method: string;
  url: string;
  connections: number;
  durationSec: number;
  requests: number;
  /** Mean of the per-second request counts. */
  requestsPerSec: number;
  latencyAvgMs: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  /** Responses outside 2xx. */
  non2xx: number;
  /** Connection errors and timeouts (autocannon counts timeouts in errors too; we report both). */
  errors: number;
  timeouts: number;
  /** Responses by status code, e.g. { "200": 51234 }. */
  statusCodes: Record<string, number>;
  /** The server process's CPU time (all threads) per completed request, or null when not measured. */
  serverCpuUsPerRequest: number | null;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * Reduces an autocannon result to the numbers the benchmark reports; serverCpuMs is the CPU time
 * the server used during the measurement, when known. Pure.
 */
export function summarize(scenario: Scenario, result: LoadResult, serverCpuMs: number | null = null): Summary {
  return {
    name: scenario.name,
    method: scenario.method,
    url: scenario.url,
    connections: scenario.connections,
    durationSec: round(result.duration, 1),
    requests: result.requests.total,
    requestsPerSec: round(result.requests.average, 1),
    latencyAvgMs: round(result.latency.average, 2),
    latencyP50Ms: round(result.latency.p50, 2),
    latencyP99Ms: round(result.latency.p99, 2),
    latencyMaxMs: round(result.latency.max, 2),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    serverCpuUsPerRequest: serverCpuMs !== null && result.requests.total > 0 ? Math.round((serverCpuMs * 1000) / result.requests.total) : null,
  };
}

/** Failed requests of a scenario: non-2xx answers plus connection errors (timeouts are among them). */
export function failures(summary: Summary): number {
  return summary.non2xx + summary.errors;
}

/** a's server CPU per request over b's, e.g. 6.5 (a costs 6.5 times as much); null when not measured. */
export function cpuRatio(a: Summary, b: Summary): number | null {
  if (a.serverCpuUsPerRequest === null || !b.serverCpuUsPerRequest) return null;
  return a.serverCpuUsPerRequest / b.serverCpuUsPerRequest;
}

/** a's throughput over b's, e.g. 0.42; 0 when b served nothing. */
export function throughputRatio(a: Summary, b: Summary): number {
  return b.requestsPerSec > 0 ? a.requestsPerSec / b.requestsPerSec : 0;
}

/**
 * One scenario's rounds (measured apart, e.g. alternating with another scenario) as one summary:
 * counts add up; request rate and CPU per request are the rounds' weighted means; p50 is the
 * request-weighted mean of the rounds' p50s (an estimate); p99 and max are the worst round's.
 * Pure.
 */
export function combineRounds(rounds: Summary[]): Summary {
  const [first] = rounds;
  if (!first) throw new Error("combineRounds: no rounds");
  const sum = (pick: (s: Summary) => number) => rounds.reduce((total, s) => total + pick(s), 0);
  const requests = sum((s) => s.requests);
  const durationSec = sum((s) => s.durationSec);
  const byRequests = (pick: (s: Summary) => number) => (requests > 0 ? sum((s) => pick(s) * s.requests) / requests : 0);
  const statusCodes: Record<string, number> = {};
  for (const s of rounds) for (const [code, count] of Object.entries(s.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  const cpuKnown = rounds.every((s) => s.serverCpuUsPerRequest !== null);
  return {
    ...first,
    durationSec: round(durationSec, 1),
    requests,
    requestsPerSec: durationSec > 0 ? round(sum((s) => s.requestsPerSec * s.durationSec) / durationSec, 1) : 0,
    latencyAvgMs: round(
      byRequests((s) => s.latencyAvgMs),
      2,
    ),
    latencyP50Ms: round(
      byRequests((s) => s.latencyP50Ms),
      2,
    ),
    latencyP99Ms: Math.max(...rounds.map((s) => s.latencyP99Ms)),
    latencyMaxMs: Math.max(...rounds.map((s) => s.latencyMaxMs)),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    statusCodes,
    serverCpuUsPerRequest: cpuKnown && requests > 0 ? Math.round(byRequests((s) => s.serverCpuUsPerRequest!)) : null,
  };
}

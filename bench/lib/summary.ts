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

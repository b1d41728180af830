import { describe, expect, it } from "vitest";
import { formatTable, latencyCheck, ratioCheck } from "#bench/lib/report.ts";
import type { Scenario } from "#bench/lib/scenario.ts";
import { cpuMsFromProcStat, residentMbFromProcStatus } from "#bench/lib/process-cpu.ts";
import { combineRounds, cpuRatio, failures, summarize, throughputRatio, type LoadResult } from "#bench/lib/summary.ts";

const scenario = (name: string): Scenario => ({ name, url: `http://127.0.0.1:4500/${name}`, method: "GET", connections: 32 });

function result(overrides: Partial<LoadResult> = {}): LoadResult {
  return {
    duration: 10.02,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodeStats: { "200": { count: 12345 } },
    latency: { average: 2.345, p50: 2, p99: 7.126, max: 31 },
    requests: { average: 1234.56, total: 12345 },
    ...overrides,
  };
}

describe("bench summary", () => {
  it("keeps the numbers the report prints, rounded, with status codes as counts", () => {
    expect(summarize(scenario("api"), result())).toEqual({
      name: "api",
      method: "GET",
      url: "http://127.0.0.1:4500/api",
      connections: 32,
      durationSec: 10,
      requests: 12345,
      requestsPerSec: 1234.6,
      latencyAvgMs: 2.35,
      latencyP50Ms: 2,
      latencyP99Ms: 7.13,
      latencyMaxMs: 31,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: { "200": 12345 },
      serverCpuUsPerRequest: null,
    });
  });

  it("turns the server's CPU time during the run into microseconds per request", () => {
    expect(summarize(scenario("api"), result(), 8641.5).serverCpuUsPerRequest).toBe(700);
    expect(summarize(scenario("api"), result({ requests: { average: 0, total: 0 } }), 10).serverCpuUsPerRequest).toBeNull();
  });

  it("compares CPU per request, when both sides were measured", () => {
    const api = summarize(scenario("api"), result(), 8641.5);
    const bare = summarize(scenario("bare"), result(), 1234.5);
    expect(cpuRatio(api, bare)).toBe(7);
    expect(cpuRatio(api, summarize(scenario("bare"), result()))).toBeNull();
  });

  it("counts non-2xx answers and connection errors as failures", () => {
    expect(failures(summarize(scenario("a"), result()))).toBe(0);
    expect(failures(summarize(scenario("a"), result({ non2xx: 3, errors: 2, timeouts: 2 })))).toBe(5);
  });

  it("compares throughput, and a target that served nothing gives 0, not Infinity", () => {
    const fast = summarize(scenario("fast"), result({ requests: { average: 1000, total: 10000 } }));
    const slow = summarize(scenario("slow"), result({ requests: { average: 250, total: 2500 } }));
    const dead = summarize(scenario("dead"), result({ requests: { average: 0, total: 0 } }));
    expect(throughputRatio(slow, fast)).toBe(0.25);
    expect(throughputRatio(slow, dead)).toBe(0);
  });
});

describe("bench report", () => {
  it("prints an aligned table with one row per scenario", () => {
    const table = formatTable([
      summarize(scenario("products API"), result(), 8641.5),
      summarize(scenario("home"), result({ errors: 1, non2xx: 12, requests: { average: 99.94, total: 999 } })),
    ]);
    expect(table.split("\n")).toEqual([
      "target        conns  req/s (avg)  p50 ms  p99 ms  requests  cpu us/req  errors  non-2xx",
      "------------  -----  -----------  ------  ------  --------  ----------  ------  -------",
      "products API     32       1234.6     2.0     7.1     12345         700       0        0",
      "home             32         99.9     2.0     7.1       999           -       1       12",
    ]);
  });

  it("states the throughput ratio against its target", () => {
    expect(ratioCheck("api / bare", 0.4249, 0.5)).toEqual({ text: "api / bare = 0.42 (target >= 0.5)", ok: false });
    expect(ratioCheck("api / bare", 0.5, 0.5).ok).toBe(true);
  });

  it("answers yes only when every page's p99 is under the limit", () => {
    const quick = summarize(scenario("home"), result({ latency: { average: 5, p50: 4, p99: 49.9, max: 60 } }));
    const slow = summarize(scenario("game"), result({ latency: { average: 20, p50: 18, p99: 50, max: 90 } }));
    expect(latencyCheck("pages p99 < 50 ms", [quick], 50)).toEqual({ text: "pages p99 < 50 ms: yes", ok: true });
    expect(latencyCheck("pages p99 < 50 ms", [quick, slow], 50)).toEqual({ text: "pages p99 < 50 ms: no", ok: false });
    expect(latencyCheck("pages p99 < 50 ms", [], 50).ok).toBe(false);
  });
});

describe("process CPU time", () => {
  it("reads utime + stime ticks (1/100 s) from /proc/<pid>/stat, whatever the command name holds", () => {
    const stat = "4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 9000 0 0 0 1234 56 0 0 20 0 11 0 5000 1000000 20000";
    expect(cpuMsFromProcStat(stat)).toBe(12900);
    expect(cpuMsFromProcStat("garbage")).toBeNull();
    expect(cpuMsFromProcStat("1 (x) S 1 2")).toBeNull();
  });
});

describe("process resident memory", () => {
  it("reads VmRSS (kB) from /proc/<pid>/status as whole MB", () => {
    expect(residentMbFromProcStatus("Name:\tnode\nVmHWM:\t  400000 kB\nVmRSS:\t  209628 kB\nThreads:\t11\n")).toBe(205);
    expect(residentMbFromProcStatus("Name:\tnode\n")).toBeNull();
  });
});

describe("bench rounds", () => {
  it("adds up a scenario's alternating rounds: weighted rate and CPU, worst p99 and max, summed counts", () => {
    const one = summarize(
      scenario("page"),
      result({
        duration: 5,
        requests: { average: 1000, total: 5000 },
        latency: { average: 2, p50: 2, p99: 6, max: 20 },
        statusCodeStats: { "200": { count: 5000 } },
      }),
      400, // 80 us per request
    );
    const two = summarize(
      scenario("page"),
      result({
        duration: 5,
        non2xx: 2,
        requests: { average: 3000, total: 15000 },
        latency: { average: 1, p50: 1, p99: 9, max: 12 },
        statusCodeStats: { "200": { count: 14998 }, "503": { count: 2 } },
      }),
      600, // 40 us per request
    );
    expect(combineRounds([one, two])).toEqual({
      ...one,
      durationSec: 10,
      requests: 20000,
      requestsPerSec: 2000,
      latencyAvgMs: 1.25,
      latencyP50Ms: 1.25,
      latencyP99Ms: 9,
      latencyMaxMs: 20,
      non2xx: 2,
      statusCodes: { "200": 19998, "503": 2 },
      serverCpuUsPerRequest: 50,
    });
  });

  it("has no CPU figure when a round has none, and refuses no rounds", () => {
    const measured = summarize(scenario("page"), result(), 100);
    const unmeasured = summarize(scenario("page"), result());
    expect(combineRounds([measured, unmeasured]).serverCpuUsPerRequest).toBeNull();
    expect(() => combineRounds([])).toThrow(/no rounds/);
  });
});

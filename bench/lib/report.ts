import type { Summary } from "./summary.ts";

/** A line under the table comparing a measurement with its target. Targets are reported, not enforced. */
export interface Check {
  text: string;
  ok: boolean;
}

interface Column {
  title: string;
  align: "left" | "right";
  cell: (s: Summary) => string;
}

const COLUMNS: Column[] = [
  { title: "target", align: "left", cell: (s) => s.name },
  { title: "conns", align: "right", cell: (s) => String(s.connections) },
  { title: "req/s (avg)", align: "right", cell: (s) => s.requestsPerSec.toFixed(1) },
  { title: "p50 ms", align: "right", cell: (s) => s.latencyP50Ms.toFixed(1) },
  { title: "p99 ms", align: "right", cell: (s) => s.latencyP99Ms.toFixed(1) },
  { title: "requests", align: "right", cell: (s) => String(s.requests) },
  { title: "cpu us/req", align: "right", cell: (s) => (s.serverCpuUsPerRequest === null ? "-" : String(s.serverCpuUsPerRequest)) },
  { title: "errors", align: "right", cell: (s) => String(s.errors) },
  { title: "non-2xx", align: "right", cell: (s) => String(s.non2xx) },
];

/** A plain-text table, one row per scenario, columns padded to their widest cell. Pure. */
export function formatTable(summaries: Summary[]): string {
  const rows = [COLUMNS.map((c) => c.title), ...summaries.map((s) => COLUMNS.map((c) => c.cell(s)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (COLUMNS[i]!.align === "left" ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join("\n");
}

/** "products API / bare server throughput = 0.62 (target >= 0.5)". Pure. */
export function ratioCheck(label: string, ratio: number, atLeast: number): Check {
  return { text: `${label} = ${ratio.toFixed(2)} (target >= ${atLeast})`, ok: ratio >= atLeast };
}

/** "pages p99 < 50 ms at 32 connections: yes" when every summary's p99 is under the limit. Pure. */
export function latencyCheck(label: string, summaries: Summary[], belowMs: number): Check {
  const ok = summaries.length > 0 && summaries.every((s) => s.latencyP99Ms < belowMs);
  return { text: `${label}: ${ok ? "yes" : "no"}`, ok };
}

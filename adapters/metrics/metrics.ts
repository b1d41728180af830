import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** One request as the pipeline saw it. `route` is the manifest's pattern, never the raw URL. */
export interface RequestSample {
  method: string;
  route: string;
  status: number;
  seconds: number;
  /** x-cache of a page-cache answer: hit or miss; undefined when the cache had no part in it. */
  cache?: string | undefined;
}

export interface Metrics {
  recordRequest(sample: RequestSample): void;
  /** A run of a background job (late orders, reconciliation, the mail worker) and how long it took. */
  recordJobRun(job: string, seconds: number, failed: boolean): void;
  /** The Prometheus text exposition of every metric, the figures read now (or within FIGURES_TTL_MS). */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** What an on-call person watches, read at scrape time (read-models/operations/operations-figures.query.ts). */
export interface OperationsFigures {
  /** Emails not yet sent (pending), and the age in seconds of the oldest (0 when none). */
  outboxPending: number;
  outboxOldestPendingSeconds: number;
  /** Payments held for review that reconciliation still has to settle, and how many are past their due time. */
  reconciliationBacklog: number;
  reconciliationOverdue: number;
  /** Paid orders owed a delivery (the delivery queue), and those past their deadline. */
  deliveryQueue: number;
  lateOrders: number;
}

/** Backlog figures are read at most this often, whatever the scrape rate and however many scrapers. */
export const FIGURES_TTL_MS = 5000;

export interface MetricsSources {
  figures(): Promise<OperationsFigures>;
  pool(): { size: number; total: number; idle: number; waiting: number } | null;
  now(): number;
}

/**
 * The app's metrics in a registry of its own (prom-client; several apps in one test process must
 * not share the global one): request counts and latencies per route pattern and status class, page
 * cache answers, Node's own figures (event-loop lag, heap, resident memory), the database pool, the
 * backlogs and job run durations. Route labels come from the manifest, so their number is bounded.
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new Counter({
    name: "shop_http_requests_total",
    help: "HTTP requests answered, by route pattern of the manifest, method and status class.",
    labelNames: ["route", "method", "status_class"] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "shop_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new Counter({
    name: "shop_page_cache_answers_total",
    help: "Catalogue and content answers from the page cache (hit) or rendered and kept (miss).",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: "shop_job_run_duration_seconds",
    help: "Duration of background job runs, by job and outcome.",
    labelNames: ["job", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });

  let cached: { at: number; figures: Promise<OperationsFigures> } | undefined;
  const figures = (): Promise<OperationsFigures> => {
    const now = sources.now();
    if (!cached || now - cached.at >= FIGURES_TTL_MS) {
      const read = sources.figures();
      cached = { at: now, figures: read };
      // A failed read is not kept: the next scrape asks again.
      read.catch(() => (cached = undefined));
    }
    return cached.figures;
  };
  const figure = (name: string, help: string, pick: (f: OperationsFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await figures()));
      },
    });
  figure("shop_outbox_pending_messages", "Emails in the outbox not yet sent.", (f) => f.outboxPending);
  figure("shop_outbox_oldest_pending_seconds", "Age of the oldest email not yet sent (0 when none).", (f) => f.outboxOldestPendingSeconds);
  figure("shop_reconciliation_backlog", "Payments held for review that reconciliation has yet to settle.", (f) => f.reconciliationBacklog);
  figure("shop_reconciliation_overdue", "Payments held for review past the time they were due to be asked about.", (f) => f.reconciliationOverdue);
  figure("shop_delivery_queue_orders", "Paid orders not yet delivered nor cancelled.", (f) => f.deliveryQueue);
  figure("shop_late_orders", "Paid orders not yet delivered and past their delivery deadline.", (f) => f.lateOrders);
  new Gauge({
    name: "shop_db_pool_connections",
    help: "PostgreSQL connection pool of this process: size, open (total), idle, and queries waiting for a connection.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool();
      if (!pool) return;
      this.set({ state: "size" }, pool.size);
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  return {
    recordRequest({ method, route, status, seconds, cache: state }) {
      requests.inc({ route, method, status_class: `${Math.floor(status / 100)}xx` });
      latency.observe({ route, method }, seconds);
      if (state === "hit" || state === "miss") cache.inc({ result: state });
    },
    recordJobRun(job, seconds, failed) {
      jobs.observe({ job, outcome: failed ? "failed" : "ok" }, seconds);
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import { timedRun } from "./job-timing.ts";
import { hostname } from "node:os";
import type { PaymentsModule } from "#domain/payments/payments.module.ts";
import type { ReconcileChange } from "#domain/payments/reconcile-payments.ts";
import type { IdGenerator } from "#domain/shared/id-generator.port.ts";

/** What the worker needs of the app (app.ts builds it). */
interface ReconcilerDeps {
  ordering: Pick<PaymentsModule, "reconcilePayments">;
  ids: IdGenerator;
  config: { reconcileSeconds: number };
  log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  metrics?: Metrics | null;
  tracing?: Tracing | null;
}

/** How often the worker looks for due checks at most (a check's own due time decides when it is asked about). */
const MAX_POLL_MS = 5_000;

export interface PaymentReconciler {
  /** One pass now: the checks that are due (or all of them), leased to this process (the CLI, and each tick). */
  runOnce(options?: { everything?: boolean }): Promise<ReconcileChange[]>;
  /** Starts ticking in the background (idempotent). */
  start(): void;
  /** Stops ticking and waits for a pass under way. */
  stop(): Promise<void>;
}

/**
 * The reconciliation worker inside the app process (DESIGN.md, background work): every few seconds
 * it takes the payment checks that are due (PAYMENT_RECONCILE_SECONDS after the capture, or when
 * the sandbox says its review clears) and asks the provider about them. The checks are rows in
 * the database leased with a conditional update, so with several processes on PostgreSQL each
 * payment is worked on by exactly one process at a time, and a process that dies mid-pass leaves
 * its lease to run out and be taken over. Failures are logged and retried with backoff.
 */
export function createPaymentReconciler(app: ReconcilerDeps): PaymentReconciler {
  const worker = `${hostname()}:${process.pid}:${app.ids.newId().slice(0, 8)}`;
  const recheckMs = app.config.reconcileSeconds * 1000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  const runOnce = (options: { everything?: boolean } = {}) =>
    // The lease is longer than the provider's timeout, so it never runs out while its call is under way.
    timedRun(app, "payment_reconciliation", () => app.ordering.reconcilePayments({ ...options, worker, leaseMs: 2 * 60_000 }));

  function schedule() {
    if (stopped) return;
    timer = setTimeout(
      () => {
        running = runOnce()
          .then((changes) => {
            for (const change of changes.filter((c) => c.changed)) app.log.info({ reconcile: change }, "payment reconciled");
          })
          .catch((error: unknown) => app.log.error({ err: error }, "payment reconciliation failed"))
          .finally(schedule);
      },
      Math.min(MAX_POLL_MS, recheckMs),
    );
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

import type { FulfilmentModule } from "#domain/fulfilment/fulfilment.module.ts";
import type { SettledOrder } from "#domain/fulfilment/settle-late-orders.ts";
import type { Logger } from "#adapters/log/logger.ts";
import type { Metrics } from "#adapters/metrics/metrics.ts";
import type { Tracing } from "#adapters/tracing/tracing.ts";
import type { Config } from "./config.ts";
import { timedRun } from "./job-timing.ts";
import type { ReceiptModule } from "#domain/fulfilment/confirm-receipt.ts";
import type { RiskModule } from "#domain/risk/risk.module.ts";

/**
 * One turn of the event loop: a run settles up to 100 orders, each a transaction that on SQLite
 * holds the process while it runs; between two, the requests that arrived are read and answered,
 * so none waits for the whole batch (issue 33).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A periodic job inside the app process. */
export interface BackgroundJob {
  /** Runs every interval until stopped; a run never overlaps the previous one. No-op when the interval is 0 or it runs already. */
  start(): void;
  /** One run now (also while started: it waits for a run under way first). */
  runOnce(): Promise<SettledOrder[]>;
  /** Stops the timer and waits for a run under way to end. */
  stop(): Promise<void>;
}

/**
 * The late-order job (issue 21): every SLA_CHECK_SECONDS it warns about orders nobody has started
 * 5 minutes before their deadline (warnAtRiskOrders) and settles the orders past their delivery
 * deadline (settleLateOrders: marked late, compensated once). Every process runs it; on PostgreSQL
 * the processes share the orders (FOR UPDATE SKIP LOCKED) and the conditional writes make each
 * compensation happen once whatever the timing, also across restarts. A failed run is logged and
 * the next one tries again.
 */
export function createLateOrderJob(app: {
  config: Pick<Config, "delivery">;
  log: Logger;
  ordering: Pick<FulfilmentModule, "warnAtRiskOrders" | "settleLateOrders"> &
    Partial<Pick<FulfilmentModule, "grantOverdueCancelRequests" | "payOwedCancelRefunds">> &
    Partial<Pick<RiskModule, "recheckRecipients">>;
  metrics?: Metrics | null;
  /** Confirm receipt (issue 36): delivered orders whose window closed in silence are completed in the same runs. */
  receipts?: Pick<ReceiptModule, "closeReceiptWindows">;
  tracing?: Tracing | null;
}): BackgroundJob {
  const { checkIntervalMs } = app.config.delivery;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<SettledOrder[]> | undefined;
  let stopped = true;

  async function run(): Promise<SettledOrder[]> {
    while (running) await running.catch(() => undefined);
    running = timedRun(app, "late_orders", async () => {
      const warned = await app.ordering.warnAtRiskOrders({
        onError: (error) => app.log.error({ err: error }, "warning about an order at risk failed; the next run tries again"),
        pause: nextTurn,
      });
      for (const orderId of warned) app.log.info({ orderId }, "order at risk of being late: nobody has started it");
      if (app.receipts) {
        const completed = await app.receipts
          .closeReceiptWindows()
          .catch((error: unknown) => (app.log.error({ err: error }, "completing orders after their receipt window failed; the next run tries again"), []));
        if (completed.length) app.log.info({ orders: completed.length }, "orders completed after their receipt window");
      }
      // Cancel requests nobody answered in time are granted by the store (once, whatever the processes).
      const granted = await (app.ordering.grantOverdueCancelRequests?.({
        onError: (error) => app.log.error({ err: error }, "granting an overdue cancel request failed; the next run tries again"),
      }) ?? []);
      for (const orderId of granted) app.log.info({ orderId }, "cancel request granted: nobody answered it in time");
      // Refunds of cancelled orders whose first attempt failed or never ran: made once, through the refund path.
      const refunded = await (app.ordering.payOwedCancelRefunds?.({
        onError: (error) => app.log.error({ err: error }, "refunding a cancelled order failed; the next run tries again"),
        onRefundError: (error, orderId) => app.log.warn({ err: error, orderId }, "the refund of a cancelled order failed; it is tried again later"),
      }) ?? []);
      for (const orderId of refunded) app.log.info({ orderId }, "cancelled order refunded after an earlier attempt failed");
      if (app.ordering.recheckRecipients) {
        // Roblox's answers for names that went through "not checked", and renames at delivery.
        const rechecked = await app.ordering
          .recheckRecipients()
          .catch((error: unknown) => (app.log.error({ err: error }, "checking Roblox recipients again failed; the next run tries again"), []));
        for (const r of rechecked) app.log.info({ orderId: r.orderId, change: r.change }, "Roblox recipient checked again");
      }
      return app.ordering.settleLateOrders({
        onError: (error) => app.log.error({ err: error }, "settling a late order failed; the next run tries again"),
        pause: nextTurn,
      });
    });
    try {
      const settled = await running;
      for (const s of settled) app.log.info({ orderId: s.orderId, markedLate: s.markedLate, compensated: s.compensated }, "late order settled");
      return settled;
    } finally {
      running = undefined;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void run()
        .catch((error: unknown) => app.log.error({ err: error }, "the late-order job failed; it runs again at the next interval"))
        .finally(schedule);
    }, checkIntervalMs);
    timer.unref();
  }

  return {
    start() {
      if (checkIntervalMs <= 0 || !stopped) return;
      stopped = false;
      schedule();
    },
    runOnce: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** How a job works through claimed orders: the batch, what a failed transaction does, the pause between orders. */
export interface ClaimedOrdersRun {
  /** At most this many orders per run (the next run takes the rest); 100 when absent. */
  batch?: number;
  /**
   * Told when an order's transaction fails (a lost race on SQLite, a dropped connection): the run
   * stops there, keeps what it did, and the next run tries again. Absent: the error is thrown.
   */
  onError?: (error: unknown) => void;
  /**
   * Awaited after each order's transaction, before the next claim: the job gives the event loop a
   * turn there, so on SQLite (whose calls hold the process) requests that arrived meanwhile are
   * served between two orders instead of after the whole batch (issue 33).
   */
  pause?: () => Promise<void>;
}

/**
 * The loop of the order jobs (late orders, orders at risk): `next` claims one order not in `seen`
 * and handles it in its own transaction (null: none left), one order after another, so several
 * processes running the job at once share the orders. Answers what each order's transaction answered.
 */
export async function eachClaimedOrder<T extends { orderId: string }>(
  run: ClaimedOrdersRun,
  next: (seen: readonly string[]) => Promise<T | null>,
): Promise<T[]> {
  const seen: string[] = [];
  const done: T[] = [];
  for (let i = 0; i < (run.batch ?? 100); i++) {
    let result: T | null;
    try {
      result = await next(seen);
    } catch (error) {
      if (!run.onError) throw error;
      run.onError(error);
      break;
    }
    if (!result) break;
    seen.push(result.orderId);
    done.push(result);
    await run.pause?.();
  }
  return done;
}

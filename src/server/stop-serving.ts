import type { Server } from "node:http";
import type { App } from "./app.ts";

/**
 * Stops the store gracefully (runApp's stop, on SIGTERM or Ctrl-C): the server, when there is one,
 * takes no new connections, closes idle keep-alive connections and answers the requests under way
 * (a page view's answer waits for its group to be stored); then the late-order job's run under way
 * is finished, the email being sent recorded, the page views still queued written and the database
 * pool closed. Resolves when all of that is done; the caller bounds it with a grace period.
 */
export async function stopServing(server: Server | undefined, app: App): Promise<void> {
  if (server) {
    const closed = new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    await closed;
  }
  try {
    await app.paymentReconciler.stop();
    await app.lateOrders.stop();
    // A send under way is finished and recorded; what is still due stays in the outbox for the next start.
    await app.mail.worker.stop();
    await app.webhooks.worker.stop();
    await app.pageViews.close();
    // The spans still buffered are sent (tracing on only).
    await app.tracing?.shutdown().catch(() => undefined);
  } finally {
    await app.db.destroy();
  }
}

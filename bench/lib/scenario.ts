/**
 * One load-test target. Later scenarios (checkout, page-view ingestion, poll endpoints, PostgreSQL)
 * are more entries of this shape; `run.ts` builds the list once the servers are up.
 */
export interface Scenario {
  /** Short label shown in the table and used as the key in results JSON. */
  name: string;
  /** Absolute URL, e.g. http://127.0.0.1:4500/api/products?gameId=... */
  url: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A request body sent as is (JSON text for the API); set content-type in headers. */
  body?: string;
  headers?: Record<string, string>;
  /** Concurrent keep-alive connections. */
  connections: number;
  /** The serving process, to report its CPU time per request (optional; Linux only). */
  serverPid?: number;
}

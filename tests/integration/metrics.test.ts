import { describe, expect, it } from "vitest";
import * as productById from "#src/pages/api/products/[id].ts";
import * as metricsRoute from "#src/pages/metrics.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { captureCall, preparedPayment, product, setStock, signIn } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

const TOKEN = "metrics-token-0123456789-abcdef";
const clock = manualClock(new Date().toISOString());
const store = await createTestApp({ clock, env: { METRICS_TOKEN: TOKEN, SLA_CHECK_SECONDS: "0", DELIVERY_SLA_MINUTES: "20" } });

async function scrape(): Promise<string> {
  const request = new Request("http://localhost/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  const response = await metricsRoute.GET({ request, params: {}, url: new URL(request.url), locals: { app: store.app } as never });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

/** The value of one sample of the exposition ("name{labels} value"), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const line = text.split("\n").find((l) => {
    if (!l.startsWith(`${name}{`) && !l.startsWith(`${name} `)) return false;
    return Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`));
  });
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe(`GET /metrics on ${TEST_DATABASE}`, () => {
  it("is 404 when METRICS_TOKEN is unset, and 401 without the right bearer token", async () => {
    const off = await createTestApp({ seed: false });
    expect((await off.call(metricsRoute.GET, "/metrics")).status).toBe(404);
    expect((await store.call(metricsRoute.GET, "/metrics")).status).toBe(401);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, TOKEN, "Bearer ", `Basic ${TOKEN}`]) {
      const res = await store.call(metricsRoute.GET, "/metrics", { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
    }
  });

  it("counts requests and their latencies per route pattern of the manifest, never per URL, and the histograms move with traffic", async () => {
    const item = await product(store, "Titanic Cat");
    const before = await scrape();
    const labels = { route: "/api/products/[id]", method: "GET" };
    const countBefore = sample(before, "shop_http_request_duration_seconds_count", labels);
    for (let i = 0; i < 3; i++) expect((await store.call(productById.GET, `/api/products/${item.id}`, { params: { id: item.id } })).status).toBe(200);
    expect((await store.call(productById.GET, "/api/products/no-such-product", { params: { id: "no-such-product" } })).status).toBe(404);
    const after = await scrape();
    expect(sample(after, "shop_http_request_duration_seconds_count", labels)).toBe(countBefore + 4);
    expect(sample(after, "shop_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(countBefore + 4);
    expect(sample(after, "shop_http_request_duration_seconds_sum", labels)).toBeGreaterThan(sample(before, "shop_http_request_duration_seconds_sum", labels));
    expect(sample(after, "shop_http_requests_total", { ...labels, status_class: "2xx" })).toBe(
      sample(before, "shop_http_requests_total", { ...labels, status_class: "2xx" }) + 3,
    );
    expect(sample(after, "shop_http_requests_total", { ...labels, status_class: "4xx" })).toBe(
      sample(before, "shop_http_requests_total", { ...labels, status_class: "4xx" }) + 1,
    );
    // Never a raw URL: neither the product's id nor the unknown one becomes a label.
    expect(after).not.toContain(item.id);
    expect(after).not.toContain("no-such-product");
    // Node's own figures.
    for (const name of ["nodejs_eventloop_lag_seconds", "nodejs_heap_size_used_bytes", "process_resident_memory_bytes"]) {
      expect(after, name).toMatch(new RegExp(`^${name} \\d`, "m"));
    }
  });

  it("reads the backlogs at scrape time (with a 5-second cache): outbox, delivery queue, late orders, and job run durations", async () => {
    const item = await product(store, "Titanic Cat");
    await setStock(store, item.id, 10);
    clock.advance(10_000);
    const before = await scrape();
    const shopper = await signIn(store, "metrics@shop.test");
    const { paymentId } = await preparedPayment(shopper, item.id, 1);
    expect((await captureCall(shopper, paymentId)).status).toBe(201);
    // Within the cache's 5 seconds the figures are the ones read before.
    expect(sample(await scrape(), "shop_delivery_queue_orders")).toBe(sample(before, "shop_delivery_queue_orders"));
    clock.advance(6_000);
    const paid = await scrape();
    expect(sample(paid, "shop_delivery_queue_orders")).toBe(sample(before, "shop_delivery_queue_orders") + 1);
    expect(sample(paid, "shop_outbox_pending_messages")).toBeGreaterThan(sample(before, "shop_outbox_pending_messages"));
    expect(sample(paid, "shop_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(6);
    expect(sample(paid, "shop_late_orders")).toBe(sample(before, "shop_late_orders"));
    expect(paid).toMatch(/^shop_reconciliation_backlog \d/m);

    clock.advance(21 * 60_000);
    await store.app.lateOrders.runOnce();
    const late = await scrape();
    expect(sample(late, "shop_late_orders")).toBe(sample(before, "shop_late_orders") + 1);
    expect(sample(late, "shop_job_run_duration_seconds_count", { job: "late_orders", outcome: "ok" })).toBe(
      sample(paid, "shop_job_run_duration_seconds_count", { job: "late_orders", outcome: "ok" }) + 1,
    );
  });

  it.runIf(TEST_DATABASE === "postgres")("shows this process's PostgreSQL pool", async () => {
    const text = await scrape();
    expect(sample(text, "shop_db_pool_connections", { state: "size" })).toBe(10);
    expect(sample(text, "shop_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
  });
});

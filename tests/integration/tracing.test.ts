import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import * as productById from "#src/pages/api/products/[id].ts";
import { product } from "./helpers/shoppers.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

/** A span as an OTLP/HTTP JSON body carries it, with the ids as hex whatever the encoding. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  service: unknown;
  startNs: string;
  endNs: string;
}

const hex = (id: string | undefined) => (!id ? "" : /^[0-9a-f]*$/i.test(id) ? id.toLowerCase() : Buffer.from(id, "base64").toString("hex"));
const valueOf = (v: Record<string, unknown>) => v["stringValue"] ?? (v["intValue"] === undefined ? undefined : Number(v["intValue"]));

/** A real collector on a free port: every POST to /v1/traces is parsed and its spans kept. */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        contentTypes.push(String(req.headers["content-type"]));
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          resourceSpans: { resource: { attributes: { key: string; value: Record<string, unknown> }[] }; scopeSpans: { spans: Record<string, any>[] }[] }[];
        };
        for (const rs of body.resourceSpans) {
          const service = valueOf(rs.resource.attributes.find((a) => a.key === "service.name")?.value ?? {});
          for (const ss of rs.scopeSpans)
            for (const s of ss.spans)
              spans.push({
                traceId: hex(s["traceId"]),
                spanId: hex(s["spanId"]),
                parentSpanId: hex(s["parentSpanId"]),
                name: s["name"],
                kind: s["kind"],
                attributes: Object.fromEntries((s["attributes"] as { key: string; value: Record<string, unknown> }[]).map((a) => [a.key, valueOf(a.value)])),
                service,
                startNs: String(s["startTimeUnixNano"]),
                endNs: String(s["endTimeUnixNano"]),
              });
        }
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { spans, contentTypes, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const collector = await startCollector();
const store = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/` } });
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

afterAll(async () => {
  await store.app.tracing?.shutdown();
  collector.server.close();
});

describe(`OpenTelemetry tracing (OTLP/HTTP) on ${TEST_DATABASE}`, () => {
  it("a request with a traceparent sends a server span named by its route pattern, continuing the caller's span, in the trace its log lines name", async () => {
    const item = await product(store, "Titanic Cat");
    const res = await store.call(productById.GET, `/api/products/${item.id}`, {
      params: { id: item.id },
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe(TRACE_ID);
    await store.app.tracing!.flush();
    const span = collector.spans.find((s) => s.traceId === TRACE_ID);
    expect(span, JSON.stringify(collector.spans)).toMatchObject({
      name: "GET /api/products/[id]",
      parentSpanId: CALLER_SPAN,
      kind: 2, // SERVER
      service: "robux-item-store",
      attributes: { "http.request.method": "GET", "http.route": "/api/products/[id]", "http.response.status_code": 200 },
    });
    expect(span!.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span!.spanId).not.toBe(CALLER_SPAN);
    // Never the URL: the product's id is in no span.
    expect(JSON.stringify(collector.spans)).not.toContain(item.id);
    expect(BigInt(span!.endNs)).toBeGreaterThanOrEqual(BigInt(span!.startNs));
    expect(collector.contentTypes[0]).toMatch(/^application\/json/);
  });

  it("a request without a traceparent starts a trace whose id is its X-Request-Id; a caller that does not sample is honoured", async () => {
    const item = await product(store, "Titanic Cat");
    const res = await store.call(productById.GET, `/api/products/${item.id}`, { params: { id: item.id } });
    const requestId = res.headers.get("x-request-id")!;
    const unsampled = "0af7651916cd43dd8448eb211c80319c";
    await store.call(productById.GET, `/api/products/${item.id}`, { params: { id: item.id }, headers: { traceparent: `00-${unsampled}-b7ad6b7169203331-00` } });
    await store.call(productById.GET, "/api/products/no-such-product", { params: { id: "no-such-product" } });
    await store.app.tracing!.flush();
    expect(collector.spans.find((s) => s.traceId === requestId)).toMatchObject({ name: "GET /api/products/[id]", parentSpanId: "" });
    expect(collector.spans.find((s) => s.traceId === unsampled)).toBeUndefined();
    expect(collector.spans.find((s) => s.attributes["http.response.status_code"] === 404)).toMatchObject({ name: "GET /api/products/[id]" });
  });

  it("a background job's run is a span too", async () => {
    await store.app.lateOrders.runOnce();
    await store.app.tracing!.flush();
    expect(collector.spans.find((s) => s.name === "job late_orders")).toMatchObject({ kind: 1, attributes: { job: "late_orders" } });
  });

  it("without OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced or sent", async () => {
    const off = await createTestApp({ seed: false });
    expect(off.config.otlpEndpoint).toBeNull();
    expect(off.app.tracing).toBeNull();
    const before = collector.spans.length;
    const traceId = "11111111111111111111111111111111";
    await off.call(productById.GET, "/api/products/x", { params: { id: "x" }, headers: { traceparent: `00-${traceId}-${CALLER_SPAN}-01` } });
    await store.app.tracing!.flush();
    await new Promise((done) => setTimeout(done, 200));
    expect(collector.spans.slice(before).find((s) => s.traceId === traceId)).toBeUndefined();
  });
});

import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that answers the PayPal adapter with PayPal's documented responses, kept as
 * fixtures in tests/fixtures/paypal/ (each names its source). It keeps the little state PayPal would
 * (which orders exist, for how much, which are captured, which access tokens are valid, which
 * PayPal-Request-Ids were answered) only to fill the fixtures' placeholders and to choose among the
 * documented answers: an unknown order is the documented 404, a second capture the documented 422,
 * a refused token the documented 401. A test picks a non-default documented answer for the next
 * call with `next(route, fixture)`. Nothing here approves anything PayPal would not.
 */
export type FixtureRoute = "token" | "client-token" | "create" | "capture" | "get-order" | "get-capture" | "refund" | "verify";

export interface RecordedCall {
  route: FixtureRoute | "unknown";
  method: string;
  path: string;
  requestId: string | null;
  authorization: string | null;
  body: unknown;
}

const FIXTURES = new URL("../fixtures/paypal/", import.meta.url);

/** A fixture file: where PayPal documents it, the HTTP status and the body (with {{placeholders}}). */
export function loadFixture(name: string): { source: string; status: number; body: unknown } {
  const fixture = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8")) as { source: string; status?: number; body: unknown };
  if (!fixture.source) throw new Error(`fixture ${name} does not name its source`);
  return { source: fixture.source, status: fixture.status ?? 200, body: fixture.body };
}

/** The fixture's body with its placeholders filled in (unknown placeholders are an error in the test). */
export function fill(body: unknown, vars: Record<string, string>): unknown {
  const text = JSON.stringify(body).replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`fixture placeholder {{${name}}} has no value`);
    return value.replace(/["\\]/g, (c) => `\\${c}`);
  });
  return JSON.parse(text);
}

const VALID_SIGNATURE_PREFIX = "fixture-signature-";

export async function startPayPalFixtureServer(options: { clientId?: string; clientSecret?: string; webhookId?: string } = {}) {
  const credentials = { clientId: options.clientId ?? "test-client", clientSecret: options.clientSecret ?? "test-secret" };
  const webhookId = options.webhookId ?? "8PT597110X687430LKGECATA";
  const orders = new Map<string, { amount: string; reference: string; captureId: string | null; captureStatus: string }>();
  const validTokens = new Set<string>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const queued: { route: FixtureRoute; fixture: string; vars: Record<string, string> }[] = [];
  const signed = new Set<string>();
  const calls: RecordedCall[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}${String(++counter).padStart(8, "0")}`;

  function takeQueued(route: FixtureRoute) {
    const index = queued.findIndex((q) => q.route === route);
    return index === -1 ? null : queued.splice(index, 1)[0]!;
  }

  function answer(name: string, vars: Record<string, string>) {
    const fixture = loadFixture(name);
    return { status: fixture.status, body: fill(fixture.body, vars) };
  }

  function routeOf(method: string, path: string): { route: FixtureRoute | "unknown"; id?: string } {
    if (method === "POST" && path === "/v1/oauth2/token") return { route: "token" };
    if (method === "POST" && path === "/v1/identity/generate-token") return { route: "client-token" };
    if (method === "POST" && path === "/v2/checkout/orders") return { route: "create" };
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") return { route: "verify" };
    let m = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === "POST" && m) return { route: "capture", id: decodeURIComponent(m[1]!) };
    m = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (method === "GET" && m) return { route: "get-order", id: decodeURIComponent(m[1]!) };
    m = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && m) return { route: "refund", id: decodeURIComponent(m[1]!) };
    m = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (method === "GET" && m) return { route: "get-capture", id: decodeURIComponent(m[1]!) };
    return { route: "unknown" };
  }

  function orderVars(orderId: string) {
    const order = orders.get(orderId)!;
    return { orderId, amount: order.amount, referenceId: order.reference, captureId: order.captureId ?? "" };
  }

  function handle(route: FixtureRoute | "unknown", id: string | undefined, body: any, rawBody: string): { status: number; body: unknown } {
    const queuedAnswer = route === "unknown" ? null : takeQueued(route);
    switch (route) {
      case "client-token":
        return answer(queuedAnswer?.fixture ?? "generate-token", {});
      case "create": {
        const unit = body?.purchase_units?.[0];
        const orderId = nextId("5O1901277");
        orders.set(orderId, { amount: String(unit?.amount?.value ?? "0.00"), reference: String(unit?.reference_id ?? ""), captureId: null, captureStatus: "" });
        return answer(queuedAnswer?.fixture ?? "orders-create", { orderId, ...queuedAnswer?.vars });
      }
      case "capture": {
        const order = id ? orders.get(id) : undefined;
        if (!order) return answer("resource-not-found", {});
        if (order.captureId) return answer("orders-capture-already-captured", { orderId: id! });
        const fixture = queuedAnswer?.fixture ?? "orders-capture-completed";
        const captureId = nextId("3C679366H");
        const reply = answer(fixture, { ...orderVars(id!), captureId, ...queuedAnswer?.vars });
        if (reply.status < 300) {
          order.captureId = captureId;
          order.captureStatus = (reply.body as any).purchase_units?.[0]?.payments?.captures?.[0]?.status ?? "COMPLETED";
        }
        return reply;
      }
      case "get-order": {
        if (!id || !orders.get(id)?.captureId) return answer("resource-not-found", {});
        return answer(queuedAnswer?.fixture ?? "orders-get-completed", orderVars(id));
      }
      case "get-capture": {
        const entry = [...orders.entries()].find(([, o]) => o.captureId === id);
        if (!entry) return answer("resource-not-found", {});
        return answer(queuedAnswer?.fixture ?? "captures-get", { ...orderVars(entry[0]), captureStatus: entry[1].captureStatus, ...queuedAnswer?.vars });
      }
      case "refund": {
        const known = [...orders.values()].some((o) => o.captureId === id);
        if (!known) return answer("resource-not-found", {});
        return answer(queuedAnswer?.fixture ?? "captures-refund-completed", { refundId: nextId("1JU08902"), captureId: id!, ...queuedAnswer?.vars });
      }
      case "verify": {
        if (queuedAnswer) return answer(queuedAnswer.fixture, {});
        // SUCCESS only for exactly the event this server signed, with its signature and our webhook id.
        const eventText = /"webhook_event":([\s\S]*)}$/.exec(rawBody)?.[1] ?? "";
        const ok = body?.webhook_id === webhookId && signed.has(`${body?.transmission_sig}|${digest(eventText)}`);
        return answer(ok ? "verify-webhook-signature-success" : "verify-webhook-signature-failure", {});
      }
      default:
        return answer("resource-not-found", {});
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const rawBody = await read(req);
    const { route, id } = routeOf(method, url.pathname);
    const requestId = (req.headers["paypal-request-id"] as string | undefined) ?? null;
    const authorization = req.headers.authorization ?? null;
    let body: unknown;
    try {
      body = rawBody && route !== "token" ? JSON.parse(rawBody) : rawBody || null;
    } catch {
      body = rawBody;
    }
    calls.push({ route, method, path: url.pathname, requestId, authorization, body });

    if (route === "token") {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
      if (authorization !== expected) return send(res, answer("oauth-invalid-client", {}));
      const queuedAnswer = takeQueued("token");
      const accessToken = `A21AA${randomUUID().replaceAll("-", "")}`;
      validTokens.add(accessToken);
      return send(res, answer(queuedAnswer?.fixture ?? "oauth-token", { accessToken }));
    }
    const bearer = authorization?.startsWith("Bearer ") ? authorization.slice(7) : "";
    if (!validTokens.has(bearer)) return send(res, answer("authentication-failure", {}));
    // PayPal-Request-Id: a repeated request answers the first response (PayPal's idempotency).
    const key = requestId ? `${method} ${url.pathname} ${requestId}` : null;
    const replay = key ? replies.get(key) : undefined;
    if (replay) return send(res, replay);
    const reply = handle(route, id, body, rawBody);
    if (key && reply.status < 500) replies.set(key, reply);
    return send(res, reply);
  }

  const server = createServer((req, res) => void serve(req, res));

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    credentials,
    webhookId,
    calls,
    orders,
    /** The next call of this route answers this documented fixture (with these extra placeholder values). */
    next(route: FixtureRoute, fixture: string, vars: Record<string, string> = {}) {
      queued.push({ route, fixture, vars });
    },
    /** Every access token handed out so far stops working (PayPal expired or revoked them). */
    expireTokens() {
      validTokens.clear();
    },
    /** PayPal finished reviewing (or denied, or refunded) a capture: what GET /v2/payments/captures/{id} now says. */
    setCaptureStatus(captureId: string, status: "COMPLETED" | "PENDING" | "DECLINED" | "REFUNDED" | "PARTIALLY_REFUNDED") {
      for (const order of orders.values()) if (order.captureId === captureId) order.captureStatus = status;
    },
    /**
     * A webhook delivery of a documented event, signed by this server (so verify-webhook-signature
     * answers SUCCESS for exactly this body): the headers PayPal sends and the raw body.
     */
    webhook(fixture: string, vars: Record<string, string>): { headers: Record<string, string>; body: string; eventId: string } {
      const eventId = vars["eventId"] ?? nextId("WH-2WR32451HC0233532-");
      const body = JSON.stringify(fill(loadFixture(fixture).body, { eventId, ...vars }));
      const signature = `${VALID_SIGNATURE_PREFIX}${nextId("")}`;
      signed.add(`${signature}|${digest(body)}`);
      return {
        eventId,
        body,
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
          "paypal-transmission-id": randomUUID(),
          "paypal-transmission-sig": signature,
          "paypal-transmission-time": new Date().toISOString(),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PayPalFixtureServer = Awaited<ReturnType<typeof startPayPalFixtureServer>>;

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, reply: { status: number; body: unknown }) {
  res.writeHead(reply.status, { "content-type": "application/json", "paypal-debug-id": "fixture0debug" });
  res.end(JSON.stringify(reply.body));
}

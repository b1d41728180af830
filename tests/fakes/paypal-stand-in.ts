import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for PayPal's REST API (v1 OAuth and identity, v2 Orders and Payments) on
 * 127.0.0.1, answering with the shapes PayPal documents: bearer tokens from client credentials,
 * PayPal-Request-Id idempotency (a repeated key answers the first response), 201 for a created or
 * captured order, 422 ORDER_ALREADY_CAPTURED / INSTRUMENT_DECLINED, 404 RESOURCE_NOT_FOUND.
 * Orders count as approved by the buyer at once unless `decline(id)` is called.
 */
export async function startPayPalStandIn(credentials = { clientId: "test-client", clientSecret: "test-secret" }) {
  const token = "A21AAstandin-token";
  const orders = new Map<string, { amount: { currency_code: string; value: string }; reference: string; status: string; captureId: string | null; declined: boolean }>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; requestId: string | null; body: unknown }[] = [];
  let next = 0;

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }

  function error(status: number, name: string, issue: string, description: string) {
    return { status, body: { name, message: description, debug_id: "standin", details: [{ issue, description }] } };
  }

  async function read(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  function handle(method: string, path: string, body: any): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/identity/generate-token") return { status: 200, body: { client_token: "standin-client-token", expires_in: 3600 } };
    if (method === "POST" && path === "/v2/checkout/orders") {
      const unit = body?.purchase_units?.[0];
      if (body?.intent !== "CAPTURE" || !unit?.amount?.value || !/^\d+\.\d{2}$/.test(unit.amount.value)) {
        return error(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "The value of a field is invalid.");
      }
      const id = `5O190127TN${String(++next).padStart(6, "0")}`;
      orders.set(id, { amount: unit.amount, reference: unit.reference_id, status: "APPROVED", captureId: null, declined: false });
      return { status: 201, body: { id, status: "CREATED", links: [{ href: `/v2/checkout/orders/${id}`, rel: "self", method: "GET" }] } };
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === "POST" && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      if (!order) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
      if (order.declined) return error(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED", "The instrument presented was declined.");
      if (order.captureId) return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
      order.captureId = `3C679366HH${String(++next).padStart(6, "0")}`;
      order.status = "COMPLETED";
      return {
        status: 201,
        body: {
          id: capture[1],
          status: "COMPLETED",
          purchase_units: [{ reference_id: order.reference, payments: { captures: [{ id: order.captureId, status: "COMPLETED", amount: order.amount }] } }],
        },
      };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === "POST" && refund) {
      const known = [...orders.values()].some((o) => o.captureId === refund[1]);
      if (!known) return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
      return { status: 201, body: { id: `1JU08902781${++next}`, status: "COMPLETED" } };
    }
    return error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "No such path.");
  }

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const text = await read(req);
    const requestId = (req.headers["paypal-request-id"] as string | undefined) ?? null;
    requests.push({ method: req.method ?? "GET", path, requestId, body: text ? safeJson(text) : null });

    if (path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64")}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      if (!text.includes("grant_type=client_credentials")) return send(res, 400, { error: "unsupported_grant_type" });
      return send(res, 200, { scope: "https://uri.paypal.com/services/payments/payment", access_token: token, token_type: "Bearer", app_id: "APP-standin", expires_in: 32400, nonce: "n" });
    }
    if (req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { name: "AUTHENTICATION_FAILURE", message: "Authentication failed due to invalid authentication credentials or a missing Authorization header." });
    const key = requestId ? `${req.method} ${path} ${requestId}` : null;
    const replay = key ? replies.get(key) : undefined;
    if (replay) return send(res, replay.status === 201 ? 200 : replay.status, replay.body);
    const reply = handle(req.method ?? "GET", path, text ? safeJson(text) : null);
    if (key && reply.status < 500) replies.set(key, reply);
    return send(res, reply.status, reply.body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    credentials,
    requests,
    orders,
    decline: (id: string) => void (orders.get(id)!.declined = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

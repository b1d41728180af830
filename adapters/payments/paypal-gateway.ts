import type * as z from "zod";
import type { CaptureResult, PaymentGateway, RefundResult } from "#domain/payments/payment-gateway.port.ts";
import { centsFromDecimal, formatCents } from "#domain/shared/money.ts";
import {
  CAPTURE_STATES,
  CaptureLookup,
  ClientTokenResponse,
  CreateResponse,
  ErrorResponse,
  OrderWithCaptures,
  PayPalError,
  RefundResponse,
  RESTARTABLE,
  TokenResponse,
  VerifyResponse,
} from "./paypal-answers.ts";
import { decodeEvent, WebhookEvent } from "./paypal-webhook-events.ts";

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com or https://api-m.paypal.com, without a trailing slash. */
  apiBase: string;
  /** The webhook's id in the PayPal app (PAYPAL_WEBHOOK_ID); without it no webhook is verified. */
  webhookId?: string | undefined;
  /** The shop's name on PayPal's pages (experience_context.brand_name). */
  brandName?: string;
  /** Every call to PayPal gives up after this long (default 15 s). */
  timeoutMs?: number;
  /** Told about every failed call, with PayPal's debug_id (what PayPal support asks for). */
  onFailure?: (failure: { operation: string; status: number | null; issue: string | null; debugId: string | null; message: string }) => void;
}

/**
 * PayPal's REST API (Orders v2, Payments v2, Webhooks v1), done as PayPal documents it:
 * - one OAuth client-credentials token, cached until shortly before it expires, fetched once for
 *   all concurrent callers (single flight), and dropped and fetched again once when a call answers
 *   401 (a token revoked or expired early);
 * - every call has a timeout, and every failure is reported with PayPal's debug_id;
 * - create, capture and refund send the caller's request id as PayPal-Request-Id, so a repeated
 *   call answers the first result instead of acting twice;
 * - the order names what is bought (items with DIGITAL_GOODS, a description, custom_id and
 *   invoice_id) and asks for no shipping address (NO_SHIPPING): Robux items are delivered in game;
 * - a PENDING capture is a payment held for review, not a decline; INSTRUMENT_DECLINED is a decline
 *   the buyer can restart with another funding source;
 * - a webhook is verified with verify-webhook-signature before anything in it is believed.
 */
export function createPayPalGateway(config: PayPalConfig, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const base = config.apiBase.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: { value: string; until: number } | null = null;
  let fetchingToken: Promise<string> | null = null;

  function report(operation: string, error: PayPalError): PayPalError {
    config.onFailure?.({ operation, status: error.status, issue: error.issue, debugId: error.debugId, message: error.message });
    return error;
  }

  async function send(url: string, init: RequestInit, operation: string): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw report(operation, new PayPalError(`PayPal ${operation} ${timedOut ? `timed out after ${timeoutMs} ms` : `failed: ${String(error)}`}`));
    }
  }

  async function fetchToken(): Promise<string> {
    const response = await send(
      `${base}/v1/oauth2/token`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: "grant_type=client_credentials",
      },
      "OAuth token",
    );
    if (!response.ok) throw await failure(response, "OAuth token");
    const data = TokenResponse.parse(await response.json());
    // Refresh a minute early so a token never expires in the middle of a call.
    token = { value: data.access_token, until: performance.now() + Math.max(0, data.expires_in - 60) * 1000 };
    return data.access_token;
  }

  function accessToken(): Promise<string> {
    if (token && performance.now() < token.until) return Promise.resolve(token.value);
    // Single flight: concurrent first calls share one token request.
    fetchingToken ??= fetchToken().finally(() => {
      fetchingToken = null;
    });
    return fetchingToken;
  }

  async function call(method: "GET" | "POST", path: string, operation: string, body?: unknown, requestId?: string, rawBody?: string): Promise<Response> {
    const attempt = async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}`, accept: "application/json" };
      if (method === "POST") {
        headers["content-type"] = "application/json";
        headers["prefer"] = "return=representation";
      }
      if (requestId) headers["paypal-request-id"] = requestId;
      const init: RequestInit = { method, headers };
      if (method === "POST") init.body = rawBody ?? JSON.stringify(body ?? {});
      return send(`${base}${path}`, init, operation);
    };
    const response = await attempt();
    if (response.status !== 401) return response;
    // The token was refused (expired early or revoked): drop it, fetch a new one, try once more.
    token = null;
    return attempt();
  }

  async function failure(response: Response, operation: string): Promise<PayPalError> {
    const parsed = ErrorResponse.safeParse(await response.json().catch(() => ({})));
    const data = parsed.success ? parsed.data : {};
    const issue = data.details?.[0]?.issue ?? data.name ?? data.error ?? null;
    const debugId = data.debug_id ?? response.headers.get("paypal-debug-id");
    return report(
      operation,
      new PayPalError(
        `PayPal ${operation} failed with HTTP ${response.status}${issue ? ` (${issue})` : ""}${debugId ? ` [debug_id ${debugId}]` : ""}`,
        response.status,
        issue,
        debugId,
      ),
    );
  }

  function captureResult(data: z.infer<typeof OrderWithCaptures>): CaptureResult {
    const capture = data.purchase_units[0]?.payments?.captures?.[0];
    const amount = capture ? centsFromDecimal(capture.amount.value) : null;
    if (!capture || amount === null) throw report("capture", new PayPalError("PayPal capture answered without a capture amount"));
    const currency = capture.amount.currency_code;
    // The payer, for the risk checks (issue 37): payment_source.paypal first, the top-level payer as PayPal's fallback.
    const source = data.payment_source?.paypal;
    const payer = {
      id: source?.account_id ?? data.payer?.payer_id ?? null,
      email: source?.email_address ?? data.payer?.email_address ?? null,
      country: source?.address?.country_code ?? data.payer?.address?.country_code ?? null,
    };
    if (capture.status === "COMPLETED") return { status: "completed", captureId: capture.id, amount, currency, payer };
    if (capture.status === "PENDING") {
      const reason = capture.status_details?.reason ?? "PENDING";
      return { status: "pending", captureId: capture.id, amount, currency, reason: reason.toLowerCase().replaceAll("_", " "), recheckAt: null, payer };
    }
    return { status: "declined", reason: `the payment was ${capture.status.toLowerCase()}`, restartable: false };
  }

  return {
    provider: "paypal",
    async clientToken() {
      const response = await call("POST", "/v1/identity/generate-token", "client token", {});
      if (!response.ok) throw await failure(response, "client token");
      return ClientTokenResponse.parse(await response.json()).client_token;
    },
    // PayPal's buttons need only the order id.
    async clientSecret() {
      return null;
    },
    async createOrder({ amount, currency, reference, requestId, description }) {
      const money = (cents: number) => ({ currency_code: currency, value: formatCents(cents) });
      const itemTotal = description ? description.items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0) : amount;
      const unit: Record<string, unknown> = {
        reference_id: reference,
        custom_id: reference,
        invoice_id: description?.reference ?? reference,
        amount: money(amount),
      };
      // Items are sent only when they add up to the amount (item_total - discount = amount), as
      // PayPal checks; otherwise PayPal would refuse the order (ITEM_TOTAL_MISMATCH).
      if (description && itemTotal - amount >= 0) {
        unit["description"] = description.description;
        unit["items"] = description.items.map((item) => ({
          name: item.name,
          quantity: String(item.quantity),
          unit_amount: money(item.unitAmount),
          category: "DIGITAL_GOODS",
        }));
        unit["amount"] = {
          ...money(amount),
          breakdown: { item_total: money(itemTotal), ...(itemTotal > amount ? { discount: money(itemTotal - amount) } : {}) },
        };
      }
      const response = await call(
        "POST",
        "/v2/checkout/orders",
        "create order",
        {
          intent: "CAPTURE",
          payment_source: {
            paypal: {
              experience_context: {
                shipping_preference: "NO_SHIPPING",
                user_action: "PAY_NOW",
                ...(config.brandName ? { brand_name: config.brandName.slice(0, 127) } : {}),
              },
            },
          },
          purchase_units: [unit],
        },
        requestId,
      );
      if (!response.ok) throw await failure(response, "create order");
      return { id: CreateResponse.parse(await response.json()).id };
    },
    async captureOrder({ orderId, requestId }): Promise<CaptureResult> {
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const response = await call("POST", `${path}/capture`, "capture", {}, requestId);
      if (response.ok) return captureResult(OrderWithCaptures.parse(await response.json()));
      if (response.status === 404 || response.status === 422) {
        const error = await failure(response, "capture");
        if (error.issue === "ORDER_ALREADY_CAPTURED") {
          // Captured by an earlier call whose answer was lost: read the capture from the order.
          const again = await call("GET", path, "get order");
          if (!again.ok) throw await failure(again, "get order");
          return captureResult(OrderWithCaptures.parse(await again.json()));
        }
        const restartable = error.issue !== null && RESTARTABLE.has(error.issue);
        const reason =
          error.issue === "INSTRUMENT_DECLINED"
            ? "your card or bank declined the payment. Please choose another way to pay"
            : error.issue === "ORDER_NOT_APPROVED"
              ? "the payment was not approved in PayPal yet"
              : response.status === 404
                ? "PayPal does not know this payment"
                : `PayPal refused the payment (${error.issue ?? "UNPROCESSABLE_ENTITY"})`;
        return { status: "declined", reason, restartable };
      }
      throw await failure(response, "capture");
    },
    async captureStatus(captureId) {
      const response = await call("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`, "capture status");
      if (response.status === 404) return "unknown";
      if (!response.ok) throw await failure(response, "capture status");
      return CAPTURE_STATES[CaptureLookup.parse(await response.json()).status] ?? "unknown";
    },
    async refundCapture({ captureId, amount, currency, requestId, note }): Promise<RefundResult> {
      const response = await call(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        "refund",
        { amount: { currency_code: currency, value: formatCents(amount) }, ...(note ? { note_to_payer: note.slice(0, 255) } : {}) },
        requestId,
      );
      if (response.status === 422 || response.status === 404 || response.status === 400) {
        const error = await failure(response, "refund");
        return { status: "refused", reason: error.issue ?? `HTTP ${response.status}` };
      }
      if (!response.ok) throw await failure(response, "refund");
      const data = RefundResponse.parse(await response.json());
      if (data.status === "COMPLETED") return { status: "completed", id: data.id };
      if (data.status === "PENDING") return { status: "pending", id: data.id };
      return { status: "refused", reason: `the refund is ${data.status.toLowerCase()}${data.status_details ? ` (${data.status_details.reason})` : ""}` };
    },
    async verifyWebhook({ headers, body }) {
      if (!config.webhookId) {
        report("webhook verification", new PayPalError("PAYPAL_WEBHOOK_ID is not set: webhooks cannot be verified"));
        return null;
      }
      let parsed;
      try {
        parsed = WebhookEvent.safeParse(JSON.parse(body));
      } catch {
        return null;
      }
      if (!parsed.success) return null;
      const header = (name: string) => headers[name] ?? headers[name.toLowerCase()] ?? "";
      const fields = {
        auth_algo: header("paypal-auth-algo"),
        cert_url: header("paypal-cert-url"),
        transmission_id: header("paypal-transmission-id"),
        transmission_sig: header("paypal-transmission-sig"),
        transmission_time: header("paypal-transmission-time"),
        webhook_id: config.webhookId,
      };
      if (Object.values(fields).some((value) => value === "")) return null;
      // The event goes to PayPal exactly as it arrived: re-serialising it could change it and fail
      // the signature check.
      const raw = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${body}}`;
      const response = await call("POST", "/v1/notifications/verify-webhook-signature", "webhook verification", undefined, undefined, raw);
      if (!response.ok) throw await failure(response, "webhook verification");
      if (VerifyResponse.parse(await response.json()).verification_status !== "SUCCESS") return null;
      return decodeEvent(parsed.data);
    },
  };
}

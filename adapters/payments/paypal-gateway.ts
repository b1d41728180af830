import * as z from "zod";
import type { CaptureResult, PaymentGateway } from "../../domain/payments/payment-gateway.port.ts";
import { centsFromDecimal, formatCents } from "../../domain/shared/money.ts";

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com or https://api-m.paypal.com, without a trailing slash. */
  apiBase: string;
}

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const ClientTokenResponse = z.object({ client_token: z.string().min(1) });
const CreateResponse = z.object({ id: z.string().min(1), status: z.string() });
const Money = z.object({ currency_code: z.string(), value: z.string() });
const CaptureResponse = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string(), amount: Money })) }) }))
    .min(1),
});
const ErrorResponse = z.object({ name: z.string().optional(), message: z.string().optional(), details: z.array(z.object({ issue: z.string(), description: z.string().optional() })).optional() });

export class PayPalError extends Error {
  override name = "PayPalError";
}

/**
 * PayPal's REST API v2 (Orders and Payments): an OAuth client-credentials token (cached until shortly
 * before it expires), a client token for the JS SDK, create order, capture order and refund capture.
 * Create, capture and refund send the caller's request id as PayPal-Request-Id, so PayPal answers a
 * repeated call with the first result instead of acting twice.
 */
export function createPayPalGateway(config: PayPalConfig, fetchImpl: typeof fetch = fetch): PaymentGateway {
  const base = config.apiBase.replace(/\/+$/, "");
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && performance.now() < token.until) return token.value;
    const response = await fetchImpl(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    if (!response.ok) throw new PayPalError(`PayPal OAuth token failed with HTTP ${response.status}`);
    const data = TokenResponse.parse(await response.json());
    // Refresh a minute early so a token never expires in the middle of a call.
    token = { value: data.access_token, until: performance.now() + Math.max(0, data.expires_in - 60) * 1000 };
    return data.access_token;
  }

  async function call(path: string, body: unknown, requestId?: string): Promise<Response> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      "content-type": "application/json",
      accept: "application/json",
      prefer: "return=representation",
    };
    if (requestId) headers["paypal-request-id"] = requestId;
    return fetchImpl(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  }

  async function failure(response: Response, what: string): Promise<PayPalError> {
    const parsed = ErrorResponse.safeParse(await response.json().catch(() => ({})));
    const issue = parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name ?? "") : "";
    return new PayPalError(`PayPal ${what} failed with HTTP ${response.status}${issue ? ` (${issue})` : ""}`);
  }

  return {
    provider: "paypal",
    async clientToken() {
      const response = await call("/v1/identity/generate-token", {});
      if (!response.ok) throw await failure(response, "client token");
      return ClientTokenResponse.parse(await response.json()).client_token;
    },
    async createOrder({ amount, currency, reference, requestId }) {
      const response = await call(
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [{ reference_id: reference, custom_id: reference, amount: { currency_code: currency, value: formatCents(amount) } }],
        },
        requestId,
      );
      if (!response.ok) throw await failure(response, "create order");
      return { id: CreateResponse.parse(await response.json()).id };
    },
    async captureOrder({ orderId, requestId }): Promise<CaptureResult> {
      const response = await call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, requestId);
      if (response.status === 404 || response.status === 422) {
        const parsed = ErrorResponse.safeParse(await response.json().catch(() => ({})));
        const detail = parsed.success ? parsed.data.details?.[0] : undefined;
        return { status: "declined", reason: detail?.description ?? detail?.issue ?? "the payment was not approved" };
      }
      if (!response.ok) throw await failure(response, "capture");
      const data = CaptureResponse.parse(await response.json());
      const capture = data.purchase_units[0]?.payments.captures[0];
      const amount = capture ? centsFromDecimal(capture.amount.value) : null;
      if (!capture || amount === null) throw new PayPalError("PayPal capture answered without a capture amount");
      if (data.status !== "COMPLETED" || capture.status !== "COMPLETED") {
        return { status: "declined", reason: `the payment is ${capture.status.toLowerCase()}` };
      }
      return { status: "completed", captureId: capture.id, amount, currency: capture.amount.currency_code };
    },
    async refundCapture({ captureId, amount, currency, requestId }) {
      const response = await call(
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        { amount: { currency_code: currency, value: formatCents(amount) } },
        requestId,
      );
      if (!response.ok) throw await failure(response, "refund");
    },
  };
}

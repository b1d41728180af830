import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A local HTTP server that answers the `stripe` SDK with Stripe's documented responses, kept as
 * fixtures in tests/fixtures/stripe/ (each names its source). It keeps the little state Stripe would
 * (the PaymentIntents, their status and charge, the refunds, which Idempotency-Keys were answered)
 * only to fill the fixtures' placeholders and to choose among the documented answers. What the
 * shopper's browser does with Stripe.js (confirming the PaymentIntent, a 3-D Secure check) is
 * `confirm(id, outcome)`; Stripe's webhook deliveries are `event(fixture, id)`, signed with the
 * test's STRIPE_WEBHOOK_SECRET by stripe.webhooks.generateTestHeaderString, as Stripe signs them.
 */
const FIXTURES = new URL("../fixtures/stripe/", import.meta.url);

type Vars = Record<string, unknown>;

function loadFixture(name: string): { source: string; status: number; body: unknown } {
  const fixture = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8")) as { source: string; status?: number; body: unknown };
  if (!fixture.source) throw new Error(`fixture ${name} does not name its source`);
  return { source: fixture.source, status: fixture.status ?? 200, body: fixture.body };
}

/** Fills "{{name}}" placeholders: a whole-string placeholder takes the value's own type (a number, a list). */
function fill(value: unknown, vars: Vars): unknown {
  if (typeof value === "string") {
    const whole = /^\{\{(\w+)\}\}$/.exec(value);
    const take = (name: string) => {
      if (!(name in vars)) throw new Error(`fixture placeholder {{${name}}} has no value`);
      return vars[name];
    };
    if (whole) return take(whole[1]!);
    return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(take(name)));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  return value;
}

export type ConfirmOutcome = "succeeded" | "requires_action" | "processing" | "card_declined";
const STATUS_FIXTURE: Record<string, string> = {
  requires_payment_method: "payment-intent-created",
  succeeded: "payment-intent-succeeded",
  requires_action: "payment-intent-requires-action",
  processing: "payment-intent-processing",
  card_declined: "payment-intent-card-declined",
};

interface Intent {
  id: string;
  amount: number;
  checkoutId: string;
  description: string;
  state: keyof typeof STATUS_FIXTURE;
  chargeId: string;
  refunds: { id: string; amount: number; created: number }[];
  disputed: boolean;
  facts: { cardCountry: string; payerEmail: string; riskLevel: string; riskScore: number; cardFingerprint: string };
}

export async function startStripeFixtureServer(options: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = options.secretKey ?? "sk_test_fixture";
  const webhookSecret = options.webhookSecret ?? "whsec_fixture_secret";
  const intents = new Map<string, Intent>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: { method: string; path: string; idempotencyKey: string | null; body: Record<string, string> }[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_3Nf${String(++counter).padStart(8, "0")}fixture`;
  const now = () => Math.floor(Date.now() / 1000);
  let failNext = false;
  // Stripe's API out of reach (an outage, a network fault): every connection is dropped unanswered.
  let unreachable = false;

  function intentVars(intent: Intent): Vars {
    const refunded = intent.refunds.reduce((sum, r) => sum + r.amount, 0);
    return {
      paymentIntentId: intent.id,
      amount: intent.amount,
      clientSecret: `${intent.id}_secret_fixture`,
      checkoutId: intent.checkoutId,
      description: intent.description,
      chargeId: intent.chargeId,
      amountRefunded: refunded,
      refunded: refunded >= intent.amount,
      disputed: intent.disputed,
      ...intent.facts,
    };
  }
  const answer = (name: string, vars: Vars) => {
    const fixture = loadFixture(name);
    return { status: fixture.status, body: fill(fixture.body, vars) };
  };

  function handle(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } {
    if (failNext) {
      failNext = false;
      return answer("error-api", {});
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = nextId("pi");
      const intent: Intent = {
        id,
        amount: Number(params["amount"]),
        checkoutId: params["metadata[checkout_id]"] ?? "",
        description: params["description"] ?? "",
        state: "requires_payment_method",
        chargeId: nextId("ch"),
        refunds: [],
        disputed: false,
        facts: { cardCountry: "US", payerEmail: "jenny.rosen@example.com", riskLevel: "normal", riskScore: 12, cardFingerprint: "Xt5EWLLDS7FJjR1c" },
      };
      intents.set(id, intent);
      return answer("payment-intent-created", intentVars(intent));
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && m) {
      const intent = intents.get(decodeURIComponent(m[1]!));
      if (!intent) return answer("error-resource-missing", { id: m[1] });
      return answer(STATUS_FIXTURE[intent.state]!, intentVars(intent));
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(params["payment_intent"] ?? "");
      if (!intent) return answer("error-resource-missing", { id: params["payment_intent"] });
      const left = intent.amount - intent.refunds.reduce((sum, r) => sum + r.amount, 0);
      const amount = params["amount"] ? Number(params["amount"]) : left;
      if (intent.state !== "succeeded" || amount > left) return answer("error-charge-already-refunded", intentVars(intent));
      const refund = { id: nextId("re"), amount, created: now() + intent.refunds.length };
      intent.refunds.push(refund);
      return answer("refund-succeeded", { ...intentVars(intent), refundId: refund.id, amount, created: refund.created });
    }
    if (method === "GET" && path === "/v1/refunds") {
      const intent = [...intents.values()].find((i) => i.chargeId === params["charge"]);
      const refunds = (intent?.refunds ?? [])
        .toReversed()
        .map((r) => answer("refund-succeeded", { ...intentVars(intent!), refundId: r.id, amount: r.amount, created: r.created }).body);
      return answer("refund-list", { refunds: refunds.slice(0, Number(params["limit"] ?? 10)) });
    }
    return answer("error-resource-missing", { id: path });
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    if (unreachable) return void req.socket.destroy();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const params = Object.fromEntries(new URLSearchParams(method === "GET" ? url.search : raw));
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    calls.push({ method, path: url.pathname, idempotencyKey, body: params });
    let reply;
    if (req.headers.authorization !== `Bearer ${secretKey}`) reply = answer("error-authentication", {});
    else {
      // Idempotency-Key: a repeated POST answers the first response (Stripe keeps keys for 24 hours).
      const key = idempotencyKey && method === "POST" ? `${url.pathname} ${idempotencyKey}` : null;
      reply = (key && replies.get(key)) || handle(method, url.pathname, params);
      if (key && reply.status < 500) replies.set(key, reply);
    }
    res.writeHead(reply.status, { "content-type": "application/json", "request-id": `req_fixture${calls.length}` });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe(secretKey);
  let events = 0;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey,
    publishableKey: "pk_test_fixture",
    webhookSecret,
    calls,
    intents,
    /** What the shopper's Stripe.js did with the PaymentIntent: confirmed it (succeeded), met 3-D Secure, a processing method, or a declined card. */
    confirm(id: string, outcome: ConfirmOutcome) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      intent.state = outcome;
    },
    /** Stripe's own facts about the card and payer (Radar's risk level among them) for this PaymentIntent. */
    facts(id: string, facts: Partial<Intent["facts"]>) {
      Object.assign(intents.get(id)!.facts, facts);
    },
    /** A refund made in Stripe's Dashboard (not by the store). */
    refundInDashboard(id: string, amount: number) {
      const intent = intents.get(id)!;
      intent.refunds.push({ id: nextId("re"), amount, created: now() + 100 + intent.refunds.length });
    },
    /** The next API call answers Stripe's documented 500 api_error. */
    failNext() {
      failNext = true;
    },
    /** Stripe's API out of reach (true) or back (false): while out, every call's connection is dropped unanswered. */
    setUnreachable(on: boolean) {
      unreachable = on;
    },
    /** A webhook delivery of a documented event about this PaymentIntent, signed as Stripe signs it (or with `secret`). */
    event(fixture: string, id: string, vars: Vars = {}, secret = webhookSecret): { headers: Record<string, string>; body: string; eventId: string } {
      const intent = intents.get(id)!;
      if (fixture === "event-charge-dispute-created") intent.disputed = true;
      const eventId = `evt_3Nf${String(++events).padStart(8, "0")}fixture`;
      const body = JSON.stringify(
        answer(fixture, { ...intentVars(intent), eventId, created: now(), disputeId: `dp_${intent.chargeId.slice(3)}`, disputeStatus: "lost", ...vars }).body,
      );
      return { headers: { "stripe-signature": signer.webhooks.generateTestHeaderString({ payload: body, secret }) }, body, eventId };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

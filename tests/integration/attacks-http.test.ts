import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as conversations from "#src/pages/api/support/conversations/index.ts";
import * as messages from "#src/pages/api/support/conversations/[id]/messages.ts";
import * as validate from "#src/pages/api/discount-codes/validate.ts";
import { createFront } from "#server/front.ts";
import { handleRequest } from "#server/request-pipeline.ts";
import { manualClock } from "../fakes/in-memory-shopping.ts";
import { createTestApp } from "./helpers/test-app.ts";

// Issue 17's "smaller" findings, each attacked through HTTP as a hostile client would.
// A clock that stands still: the limits' one-minute windows cannot roll over in the middle of a test.
const store = await createTestApp({ clock: manualClock(), env: { CHAT_MESSAGE_LIMIT_PER_MINUTE: "2" } });
const tls = await createTestApp({ env: { PUBLIC_URL: "https://shop.example.com", ALLOW_SANDBOX_PAYMENTS: "1" } });
let server: Server;
let port = 0;
const reachedAstro: string[] = [];

beforeAll(async () => {
  server = createServer(
    createFront(store.app, (req, res) => {
      reachedAstro.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "text/html" }).end("<p>home</p>");
    }),
  );
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** node:http, not fetch: fetch refuses to send TRACE at all, an attacker's client does not. */
function raw(method: string, path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("bodies that are not a JSON object", () => {
  it("text/plain, form and multipart bodies on a JSON endpoint: 415, nothing created", async () => {
    const guest = store.client();
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await guest.call(conversations.POST, "/api/support/conversations", { rawBody: '{"status":"open"}', headers: { "content-type": type } });
      expect(res.status, type).toBe(415);
      expect(res.body.error).toMatch(/JSON/);
    }
    expect((await guest.call(conversations.GET, "/api/support/conversations")).body).toEqual([]);
  });

  it("a JSON body of null (or an array, or a number) no longer creates a support conversation: 400", async () => {
    const guest = store.client();
    for (const body of ["null", "[]", "42", '"open"']) {
      const res = await guest.call(conversations.POST, "/api/support/conversations", { rawBody: body });
      expect(res.status, body).toBe(400);
      expect(res.body).toEqual({ error: "The request body must be a JSON object" });
    }
    expect((await guest.call(conversations.GET, "/api/support/conversations")).body).toEqual([]);
  });
});

describe("methods", () => {
  it("TRACE / answers 405 with Allow, and no 500 nor stack trace; PROPFIND / no longer renders the home page (501)", async () => {
    const before = reachedAstro.length;
    const trace = await raw("TRACE", "/");
    expect(trace.status).toBe(405);
    expect(trace.headers["allow"]).toBe("GET, HEAD");
    expect(JSON.parse(trace.body)).toEqual({ error: "TRACE is not allowed here" });
    const propfind = await raw("PROPFIND", "/");
    expect(propfind.status).toBe(501);
    expect(propfind.body).not.toContain("<p>home</p>");
    expect((await raw("PROPFIND", "/api/products")).status).toBe(501);
    expect(reachedAstro.length).toBe(before);
  });

  it("a write method on a page is 405 with Allow: GET, HEAD", async () => {
    const res = await raw("DELETE", "/shop/blox-fruits");
    expect(res.status).toBe(405);
    expect(res.headers["allow"]).toBe("GET, HEAD");
    expect(res.headers["content-type"]).toMatch(/application\/json/);
  });

  it("each payment provider's calls are endpoints, not pages: a POST reaches its route (Stripe's were refused as a page's 405)", async () => {
    for (const path of ["/paypal/order", "/paypal/webhook", "/stripe/payment-intent", "/stripe/payment-intent/pi_1/capture", "/stripe/webhook"]) {
      const before = reachedAstro.length;
      const res = await raw("POST", path);
      expect(res.status, path).not.toBe(405);
      expect(reachedAstro.slice(before), path).toEqual([`POST ${path}`]);
    }
  });
});

describe("TLS: HSTS and Secure cookies when PUBLIC_URL is https (behind a proxy, the socket is plain http)", () => {
  it("sends Strict-Transport-Security and marks the visitor cookie Secure", async () => {
    const res = await tls.client().call(conversations.GET, "/api/support/conversations");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const visitor = res.headers.getSetCookie().find((c) => c.startsWith("shop_visitor="));
    expect(visitor).toMatch(/; Secure/);
  });

  it("the referral cookie is Secure too", async () => {
    const res = await tls.client().call(conversations.GET, "/?ref=ABCD2345");
    expect(res.headers.getSetCookie().find((c) => c.startsWith("shop_ref="))).toMatch(/; Secure/);
  });

  it("plain http shops send no HSTS", async () => {
    const res = await store.client().call(conversations.GET, "/api/support/conversations");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("personal pages are never cached", () => {
  const page = () => new Response("<html></html>", { headers: { "content-type": "text/html; charset=utf-8" } });
  const visit = (path: string, cookie?: string) =>
    handleRequest(new Request(`http://localhost:4321${path}`, { headers: cookie ? { cookie } : {} }), store.app, "10.9.9.9", async () => page());

  it("/dashboard, /checkout and /cart carry Cache-Control: no-store", async () => {
    for (const path of ["/dashboard", "/checkout", "/cart"]) expect((await visit(path)).headers.get("cache-control"), path).toBe("private, no-store");
  });

  it("another page rendered for a signed-in shopper is no-store; for a guest it is left to the page", async () => {
    expect((await visit("/order-confirmation", "better-auth.session_token=abc")).headers.get("cache-control")).toBe("private, no-store");
    expect((await visit("/order-confirmation")).headers.get("cache-control")).toBeNull();
  });

  it("the pages that are the same for everyone (the page cache's) are left to the page, signed in or not", async () => {
    for (const path of ["/", "/shop/blox-fruits", "/faq", "/blog"]) {
      expect((await visit(path, "better-auth.session_token=abc")).headers.get("cache-control"), path).toBeNull();
    }
  });
});

describe("every 429 carries Retry-After", () => {
  it("a 429 from anything behind the pipeline (better-auth's own limiter) gets one too", async () => {
    const limited = await handleRequest(
      new Request("http://localhost:4321/api/auth/sign-in/email"),
      store.app,
      "10.9.9.8",
      async () => new Response(JSON.stringify({ message: "Too many requests" }), { status: 429, headers: { "x-retry-after": "17" } }),
    );
    expect(limited.headers.get("retry-after")).toBe("17");
    const bare = await handleRequest(new Request("http://localhost:4321/api/x"), store.app, "10.9.9.8", async () => new Response(null, { status: 429 }));
    expect(bare.headers.get("retry-after")).toBe("60");
  });

  it("chat messages over the limit: 429 with the seconds left in the window", async () => {
    const guest = store.client();
    const opened = await guest.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } });
    const send = () => guest.call(messages.POST, "/x", { params: { id: opened.body.id }, body: { message: "hello" } });
    await send();
    await send();
    const limited = await send();
    expect(limited.status).toBe(429);
    const seconds = Number(limited.headers.get("retry-after"));
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});

describe("guessing and per-address ceilings", () => {
  it("discount codes can be guessed: 300 guesses as a guest no longer find WELCOME10 and SAVE5", async () => {
    const guesser = store.client({ ip: "192.0.2.10" });
    const guesses = Array.from({ length: 300 }, (_, i) => (i === 150 ? "WELCOME10" : i === 250 ? "SAVE5" : `GUESS${i}`));
    const answers: number[] = [];
    for (const code of guesses) answers.push((await guesser.call(validate.POST, "/api/discount-codes/validate", { body: { code } })).status);
    expect(answers.slice(0, 10).every((s) => s === 404 || s === 400)).toBe(true);
    expect(answers.slice(10).every((s) => s === 429)).toBe(true);
    expect(answers[150]).toBe(429);
    expect(answers[250]).toBe(429);
  });

  it("fresh visitor cookies do not bring fresh quotas for code guesses: the address has a ceiling", async () => {
    let found = 0;
    let limited = 0;
    for (let i = 0; i < 80; i++) {
      const status = (await store.client({ ip: "192.0.2.11" }).call(validate.POST, "/api/discount-codes/validate", { body: { code: `TRY${i}` } })).status;
      if (status === 429) limited++;
      else found++;
    }
    expect(found).toBe(50);
    expect(limited).toBe(30);
  });

  it("per-address limits reset by dropping the visitor cookie: 40 cookie-less guests cannot each open a support conversation", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const cookieless = store.client({ ip: "192.0.2.12" });
      statuses.push((await cookieless.call(conversations.POST, "/api/support/conversations", { body: { status: "open" } })).status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });
});

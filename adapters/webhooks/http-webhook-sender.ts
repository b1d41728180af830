import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { AttemptOutcome, WebhookSecrets, WebhookSender } from "#domain/webhooks/webhook.port.ts";
import { isRefusedAddress, REFUSED_ADDRESS, resolveTarget, type ResolveHost } from "./webhook-targets.ts";
import { WEBHOOK_HEADERS, webhookSignature } from "./webhook-signature.ts";

/** A receiver has this long to answer, whole (connect, send, headers); then the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read (kept for the owner's error line); the rest is dropped. */
export const WEBHOOK_ANSWER_MAX_BYTES = 4096;

/**
 * Posts deliveries over HTTP(S) (issue 38). Each attempt resolves the host again and refuses a
 * private address (WEBHOOKS_ALLOW_LOCAL aside), connects to the address it checked, checks the
 * connected socket's address once more (the address actually dialled: nothing between the check
 * and the connection may change it), follows no redirect, stops after WEBHOOK_TIMEOUT_MS and reads
 * at most WEBHOOK_ANSWER_MAX_BYTES. `resolve`: the resolver (the system's unless a test gives one).
 */
export function createHttpWebhookSender(settings: { allowLocal: boolean; userAgent: string; now: () => Date; resolve?: ResolveHost }): WebhookSender {
  return {
    async send(delivery) {
      const target = await resolveTarget(delivery.url, settings.allowLocal, settings.resolve);
      if ("refusal" in target) return { statusCode: null, responseMs: null, error: `refused: ${target.refusal}`, retryAfterSeconds: null };
      const timestamp = Math.floor(settings.now().getTime() / 1000);
      const url = new URL(delivery.url);
      const pinned: LookupFunction = (_host, options, callback) => {
        if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
        else callback(null, target.address, target.family);
      };
      const started = performance.now();
      return new Promise<AttemptOutcome>((resolve) => {
        const finish = (outcome: Omit<AttemptOutcome, "responseMs">, timed = true) =>
          resolve({ ...outcome, responseMs: timed ? Math.round(performance.now() - started) : null });
        const req = (url.protocol === "https:" ? httpsRequest : httpRequest)(
          url,
          {
            method: "POST",
            lookup: pinned,
            timeout: WEBHOOK_TIMEOUT_MS,
            headers: {
              "content-type": "application/json",
              "user-agent": settings.userAgent,
              [WEBHOOK_HEADERS.id]: delivery.id,
              [WEBHOOK_HEADERS.event]: delivery.event,
              [WEBHOOK_HEADERS.timestamp]: String(timestamp),
              [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, timestamp, delivery.body),
            },
          },
          (res) => {
            void readCapped(res).then((answer) => {
              const status = res.statusCode ?? 0;
              const ok = status >= 200 && status < 300;
              finish({ statusCode: status, error: ok ? null : `HTTP ${status}${answer ? `: ${answer}` : ""}`, retryAfterSeconds: retryAfter(res) });
            });
          },
        );
        const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)), WEBHOOK_TIMEOUT_MS);
        req.on("socket", (socket) =>
          socket.once("connect", () => {
            if (!settings.allowLocal && isRefusedAddress(socket.remoteAddress ?? "")) req.destroy(new Error(`refused: ${REFUSED_ADDRESS}`));
          }),
        );
        req.on("timeout", () => req.destroy(new Error(`no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`)));
        req.on("error", (error) => finish({ statusCode: null, error: error.message, retryAfterSeconds: null }));
        req.on("close", () => clearTimeout(deadline));
        req.end(delivery.body);
      });
    },
  };
}

/** The answer's first WEBHOOK_ANSWER_MAX_BYTES as text; the connection is dropped past them. */
function readCapped(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(Buffer.concat(chunks).toString("utf8").slice(0, 300).replace(/\s+/g, " ").trim());
    res.on("data", (chunk: Buffer) => {
      if (size >= WEBHOOK_ANSWER_MAX_BYTES) return;
      chunks.push(chunk.subarray(0, WEBHOOK_ANSWER_MAX_BYTES - size));
      size += chunk.length;
      if (size >= WEBHOOK_ANSWER_MAX_BYTES) {
        res.destroy();
        done();
      }
    });
    res.on("end", done);
    res.on("error", done);
    res.on("close", done);
  });
}

function retryAfter(res: IncomingMessage): number | null {
  const value = Number(res.headers["retry-after"]);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/** Secrets the shop generates: 32 random bytes, base64url, prefixed so a leaked one is recognisable. */
export const randomWebhookSecrets: WebhookSecrets = { newSecret: () => `whsec_${randomBytes(32).toString("base64url")}` };

import { createHmac, timingSafeEqual } from "node:crypto";
import { signVisitorId, verifyVisitorCookie, VISITOR_COOKIE } from "./visitor-cookie.ts";
import type { SigningSecrets } from "./shared-secret.ts";

// better-call's signed cookies (better-auth's session token): "<value>.<base64 HMAC-SHA256>", URI-encoded.
const SIGNED = /^(.+)\.([A-Za-z0-9+/]{43}=)$/;

const betterCallSignature = (value: string, secret: string) => createHmac("sha256", secret).update(value).digest("base64");

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The Cookie header with every cookie signed by a previous secret (still in its grace period)
 * signed again with the current one, or null when nothing needed it. better-auth verifies its session
 * cookie with one secret only, so this is how a rotated secret keeps existing sessions valid: the
 * request reaches better-auth as if the cookie had been signed with the new secret.
 */
export function resignCookies(header: string | null | undefined, secrets: SigningSecrets): string | null {
  if (!header || secrets.previous.length === 0) return null;
  let changed = false;
  const parts = header.split(";").map((part) => {
    const index = part.indexOf("=");
    if (index < 0) return part;
    const name = part.slice(0, index).trim();
    const raw = part.slice(index + 1).trim();
    const resigned = name === VISITOR_COOKIE ? resignVisitor(raw, secrets) : resignBetterCall(raw, secrets);
    if (resigned === null) return part;
    changed = true;
    return ` ${name}=${resigned}`;
  });
  return changed ? parts.join(";").trim() : null;
}

function resignVisitor(value: string, secrets: SigningSecrets): string | null {
  if (verifyVisitorCookie(value, secrets.current)) return null;
  for (const old of secrets.previous) {
    const id = verifyVisitorCookie(value, old);
    if (id) return signVisitorId(id, secrets.current);
  }
  return null;
}

function resignBetterCall(raw: string, secrets: SigningSecrets): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const match = SIGNED.exec(value);
  if (!match) return null;
  const [, signed = "", signature = ""] = match;
  if (sameText(signature, betterCallSignature(signed, secrets.current))) return null;
  if (!secrets.previous.some((old) => sameText(signature, betterCallSignature(signed, old)))) return null;
  return encodeURIComponent(`${signed}.${betterCallSignature(signed, secrets.current)}`);
}

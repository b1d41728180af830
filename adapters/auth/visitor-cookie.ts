import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** The guest's cookie: identifies a visitor's cart, wishlist and support chat before login. */
export const VISITOR_COOKIE = "shop_visitor";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function sign(id: string, secret: string): string {
  return createHmac("sha256", secret).update(`visitor:${id}`).digest("base64url");
}

export function newVisitorId(): string {
  return randomBytes(18).toString("base64url");
}

/** "id.signature": a forged or edited cookie fails verification and the visitor gets a new id. */
export function signVisitorId(id: string, secret: string): string {
  return `${id}.${sign(id, secret)}`;
}

export function verifyVisitorCookie(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const [id, signature] = value.split(".");
  if (!id || !signature || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const expected = Buffer.from(sign(id, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

export function visitorSetCookie(id: string, secret: string, secure: boolean): string {
  return `${VISITOR_COOKIE}=${signVisitorId(id, secret)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

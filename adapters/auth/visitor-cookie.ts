import { createHmac, randomFillSync, timingSafeEqual } from "node:crypto";

/** The guest's cookie: identifies a visitor's cart, wishlist and support chat before login. */
export const VISITOR_COOKIE = "shop_visitor";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function sign(id: string, secret: string): string {
  return createHmac("sha256", secret).update(`visitor:${id}`).digest("base64url");
}

const ID_BYTES = 18;
// Random bytes for the next 256 new visitors, drawn in one call: a call per id cost about a fiftieth
// of an uncached page's CPU (every first visit gets an id; issue 22). Same generator, same ids.
const idPool = Buffer.alloc(ID_BYTES * 256);
let idPoolOffset = idPool.length;

export function newVisitorId(): string {
  if (idPoolOffset === idPool.length) {
    randomFillSync(idPool);
    idPoolOffset = 0;
  }
  const id = idPool.toString("base64url", idPoolOffset, idPoolOffset + ID_BYTES);
  // Used bytes are wiped: no id can be read back out of the pool later.
  idPool.fill(0, idPoolOffset, idPoolOffset + ID_BYTES);
  idPoolOffset += ID_BYTES;
  return id;
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

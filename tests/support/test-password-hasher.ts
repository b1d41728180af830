import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHasher } from "#adapters/auth/better-auth.ts";

/**
 * The integration tests' password hashing: scrypt as better-auth's own (r 16, p 1, 64 bytes, NFKC)
 * but with N = 1024 instead of 16384, about a sixteenth of the CPU. The suite signs up and in about
 * fifteen hundred times per database; at full cost each hash is about 0.1 s of CPU on the CI machine.
 * Its hashes carry a prefix; any other hash (an administrator created by `npm run cli` in another
 * process, at full cost) is checked by better-auth's own verifier, so that path stays tested. Every
 * server and script hashes at full cost: the store's code sets no hasher (adapters/auth/better-auth.ts),
 * and the browser journeys run the real server.
 */
const PREFIX = "test-scrypt-n1024:";
const COST = { N: 1024, r: 16, p: 1 };
const KEY_BYTES = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((done, fail) => scrypt(password.normalize("NFKC"), salt, KEY_BYTES, COST, (error, key) => (error ? fail(error) : done(key))));
}

export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(PREFIX.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

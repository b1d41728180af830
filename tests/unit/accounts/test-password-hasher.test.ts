import { hashPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { testPasswordHasher } from "#tests/support/test-password-hasher.ts";

// The integration store's cheaper hasher (tests/support/test-password-hasher.ts) must still tell a
// right password from a wrong one, and must check better-auth's full-cost hashes (an administrator
// that `npm run cli` created in another process) with better-auth's own verifier.
describe("the integration tests' password hasher", () => {
  it("accepts the password it hashed and refuses any other, with a new salt each time", async () => {
    const hash = await testPasswordHasher.hash("correct horse battery");
    expect(hash).toMatch(/^test-scrypt-n1024:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await testPasswordHasher.hash("correct horse battery")).not.toBe(hash);
    expect(await testPasswordHasher.verify({ hash, password: "correct horse battery" })).toBe(true);
    expect(await testPasswordHasher.verify({ hash, password: "correct horse battery!" })).toBe(false);
    expect(await testPasswordHasher.verify({ hash: hash.replace(/[0-9a-f]$/, (d) => (d === "0" ? "1" : "0")), password: "correct horse battery" })).toBe(false);
  });

  it("checks a hash better-auth made at full cost with better-auth's own verifier", async () => {
    const full = await hashPassword("operator-chosen-2");
    expect(full.startsWith("test-scrypt")).toBe(false);
    expect(await testPasswordHasher.verify({ hash: full, password: "operator-chosen-2" })).toBe(true);
    expect(await testPasswordHasher.verify({ hash: full, password: "operator-chosen-3" })).toBe(false);
  });
});

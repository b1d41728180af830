import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "#adapters/log/logger.ts";
import { refundNotConfirmed } from "#domain/payments/payments.errors.ts";
import { toErrorResponse } from "#server/http-errors.ts";

/** A logger whose JSON lines are kept here. */
function kept() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger("info", sink), lines };
}

describe("a domain error answered over HTTP", () => {
  it("answers its message and logs what caused it underneath (the provider's error), which the answer never shows", async () => {
    const { log, lines } = kept();
    const response = toErrorResponse(refundNotConfirmed(new Error("PayPal refund timed out after 15000 ms")), log);
    expect(response.status).toBe(502);
    expect(JSON.stringify(await response.json())).not.toContain("timed out");
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "domain error with a cause",
        code: "refund_not_confirmed",
        status: 502,
        err: expect.objectContaining({ message: "PayPal refund timed out after 15000 ms" }),
      }),
    ]);
  });

  it("logs nothing for an expected failure with no cause", async () => {
    const { log, lines } = kept();
    expect(toErrorResponse(refundNotConfirmed(), log).status).toBe(502);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });
});

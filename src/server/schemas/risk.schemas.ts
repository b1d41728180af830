import * as z from "zod";
import { BLOCK_KINDS } from "#domain/risk/blocklist.ts";
import { RISK_RULES } from "#domain/risk/risk-rules.ts";

const score = z.number().int().min(0).max(100);

/** POST /api/admin/orders/{id}/risk: approve (delivery starts) or reject (refunded, cancelled). */
export const RiskDecision = z.object({
  decision: z.enum(["approve", "reject"]),
  note: z.string().trim().max(500).default(""),
});

/** PATCH /api/admin/risk/settings: the hold score and any rules' weights (0..100 each). */
export const RiskSettingsChange = z
  .object({
    holdScore: score.optional(),
    weights: z.partialRecord(z.enum(RISK_RULES), score).optional(),
  })
  .strict();

/** An `ip` entry: one address or a CIDR range, IPv4 or IPv6 (zod's own validators). */
const ADDRESS_OR_RANGE = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** POST /api/admin/blocklist. */
export const BlockRequest = z
  .object({
    kind: z.enum(BLOCK_KINDS),
    value: z.string().trim().min(1).max(320),
    note: z.string().trim().max(500).default(""),
    expiresAt: z.iso.datetime({ offset: true }).nullish(),
  })
  .superRefine((block, ctx) => {
    if (block.kind === "ip" && !ADDRESS_OR_RANGE.safeParse(block.value).success)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an IPv4 or IPv6 address, or a range such as 203.0.113.0/24 or 2001:db8::/32" });
    if (block.kind === "email" && !z.email().safeParse(block.value).success)
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter an email address" });
  });

/** GET /api/admin/blocklist: one page, newest first. */
export const BlocklistPage = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  kind: z.enum(BLOCK_KINDS).optional(),
});

/** POST /api/admin/users/{id}/risk-freeze: staff clear an account's freeze, saying why. */
export const RiskFreezeAction = z
  .object({
    action: z.literal("clear"),
    note: z.string().trim().min(1, "Say why the hold is cleared").max(500),
  })
  .strict();

/** GET /api/admin/risk/disputes: one page of the last months' disputes and reversals. */
export const DisputesPage = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(5000).default(0),
});

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

/** POST /api/admin/blocklist. */
export const BlockRequest = z.object({
  kind: z.enum(BLOCK_KINDS),
  value: z.string().trim().min(1).max(320),
  note: z.string().trim().max(500).default(""),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
});

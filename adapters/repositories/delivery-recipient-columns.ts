import * as z from "zod";
import type { AcknowledgedRequirement, DeliveryRecipient } from "#domain/roblox/delivery-recipient.ts";

/** The columns of migration 0054 on `checkouts` and `orders`, as one row shape. */
export interface RecipientColumns {
  robloxUserId: string | null;
  robloxDisplayName: string | null;
  robloxAvatarUrl: string | null;
  robloxAccountCreatedAt: string | null;
  robloxVerified: number;
  acknowledgedRequirements: string;
  /** Migration 0057. */
  robloxProof: string;
}

const Acknowledged = z.array(z.object({ code: z.string(), text: z.string() }));

export function recipientColumns(recipient: DeliveryRecipient, acknowledged: readonly AcknowledgedRequirement[]): RecipientColumns {
  return {
    robloxUserId: recipient.userId === null ? null : String(recipient.userId),
    robloxDisplayName: recipient.displayName,
    robloxAvatarUrl: recipient.avatarUrl,
    robloxAccountCreatedAt: recipient.accountCreatedAt?.toISOString() ?? null,
    robloxVerified: recipient.verified ? 1 : 0,
    robloxProof: recipient.proof,
    acknowledgedRequirements: JSON.stringify(acknowledged.map(({ code, text }) => ({ code, text }))),
  };
}

export function recipientOf(row: RecipientColumns): DeliveryRecipient {
  return {
    userId: row.robloxUserId === null ? null : Number(row.robloxUserId),
    displayName: row.robloxDisplayName,
    avatarUrl: row.robloxAvatarUrl,
    verified: Number(row.robloxVerified) === 1,
    accountCreatedAt: row.robloxAccountCreatedAt ? new Date(row.robloxAccountCreatedAt) : null,
    proof: row.robloxProof === "linked" ? "linked" : "typed",
  };
}

/** The ticked requirements; a value that is not the list written here reads as none. */
export function acknowledgedOf(row: Pick<RecipientColumns, "acknowledgedRequirements">): AcknowledgedRequirement[] {
  try {
    const parsed = Acknowledged.safeParse(JSON.parse(row.acknowledgedRequirements));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

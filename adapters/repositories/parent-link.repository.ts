import { createHash, randomBytes } from "node:crypto";
import type { ParentLinkRepository } from "#domain/checkout/parent-link-repository.port.ts";
import type { Tx } from "../db/database.ts";

/** The stored form of a parent's link token: its SHA-256, so a read of the table pays for nobody. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function createParentLinkRepository(db: Tx): ParentLinkRepository {
  return {
    async add(link) {
      // 32 random bytes: unguessable, and URL-safe in the link.
      const token = randomBytes(32).toString("base64url");
      const createdAt = link.createdAt.toISOString();
      await db
        .updateTable("parent_pay_links")
        .set({ expiresAt: createdAt })
        .where("checkoutId", "=", link.checkoutId)
        .where("expiresAt", ">", createdAt)
        .execute();
      await db
        .insertInto("parent_pay_links")
        .values({
          id: randomBytes(16).toString("hex"),
          tokenHash: hashToken(token),
          checkoutId: link.checkoutId,
          userId: link.userId,
          parentEmail: link.parentEmail,
          createdAt,
          expiresAt: link.expiresAt.toISOString(),
          declinedAt: null,
        })
        .execute();
      return token;
    },
    async byToken(token) {
      const row = await db.selectFrom("parent_pay_links").selectAll().where("tokenHash", "=", hashToken(token)).executeTakeFirst();
      if (!row) return null;
      return {
        id: row.id,
        checkoutId: row.checkoutId,
        userId: row.userId,
        parentEmail: row.parentEmail,
        createdAt: new Date(row.createdAt),
        expiresAt: new Date(row.expiresAt),
        declinedAt: row.declinedAt ? new Date(row.declinedAt) : null,
      };
    },
    async decline(linkId, at) {
      const result = await db
        .updateTable("parent_pay_links")
        .set({ declinedAt: at.toISOString() })
        .where("id", "=", linkId)
        .where("declinedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

import type { Selectable } from "kysely";
import type { SubmissionRepository } from "#domain/reviews/submission-repository.port.ts";
import type { Submission } from "#domain/reviews/submission.ts";
import type { SubmissionsTable } from "../db/schema.ts";
import type { Tx } from "../db/database.ts";

function toSubmission(row: Selectable<SubmissionsTable>): Submission {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    file: row.file,
    createdAt: new Date(row.createdAt),
    adminNotes: row.adminNotes,
    decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
    decidedBy: row.decidedBy,
  };
}

export function createSubmissionRepository(db: Tx): SubmissionRepository {
  return {
    async hasPending(userId) {
      const row = await db.selectFrom("submissions").select("id").where("userId", "=", userId).where("status", "=", "pending").executeTakeFirst();
      return row !== undefined;
    },
    async add(submission) {
      // The partial unique index (one pending per user) turns a second pending one into "not stored".
      const row = await db
        .insertInto("submissions")
        .values({
          id: submission.id,
          userId: submission.userId,
          status: submission.status,
          file: submission.file,
          createdAt: submission.createdAt.toISOString(),
          adminNotes: submission.adminNotes,
          decidedAt: submission.decidedAt?.toISOString() ?? null,
          decidedBy: submission.decidedBy,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      return row !== undefined;
    },
    async decide(id, decision) {
      const row = await db
        .updateTable("submissions")
        .set({ status: decision.status, adminNotes: decision.adminNotes, decidedAt: decision.decidedAt.toISOString(), decidedBy: decision.decidedBy })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .returningAll()
        .executeTakeFirst();
      return row ? toSubmission(row) : null;
    },
    async findById(id) {
      const row = await db.selectFrom("submissions").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? toSubmission(row) : null;
    },
  };
}

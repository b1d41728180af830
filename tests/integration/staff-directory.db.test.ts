import { randomUUID } from "node:crypto";
import { createStaffDirectory } from "#adapters/repositories/staff.repository.ts";
import { staffDirectoryContract } from "../contracts/staff-directory.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { insertUser } from "./helpers/user-rows.ts";

staffDirectoryContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return {
    run: (work) => app.db.transaction().execute((tx) => work(createStaffDirectory(tx))),
    addAccount: async ({ email, staffRole, invitationPending = false }) => {
      const id = await insertUser(app.db, randomUUID(), { email, name: email, staffRole });
      const now = new Date().toISOString();
      // better-auth's credential account: what an invitation's account has none of yet.
      if (!invitationPending)
        await app.db
          .insertInto("account")
          .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: "hash", createdAt: now, updatedAt: now })
          .execute();
      return id;
    },
  };
});

import { createRewardsUnitOfWork } from "#adapters/repositories/rewards.unit-of-work.ts";
import { rewardsRepositoriesContract } from "../contracts/rewards-repositories.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";
import { insertUser } from "./helpers/user-rows.ts";

const { app } = await createTestApp({ seed: false });

rewardsRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => ({
  unitOfWork: createRewardsUnitOfWork(app.db, app.eventListeners, app.mail.outbox),
  addUser: async (id, balances) => {
    await insertUser(app.db, id, balances);
  },
}));

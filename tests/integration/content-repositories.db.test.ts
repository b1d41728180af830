import { createContentUnitOfWork } from "#adapters/repositories/content.unit-of-work.ts";
import { contentRepositoriesContract } from "../contracts/content-repositories.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

contentRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return { unitOfWork: createContentUnitOfWork(app.db) };
});

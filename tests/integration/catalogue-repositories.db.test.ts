import { createCatalogueUnitOfWork } from "#adapters/repositories/catalogue.unit-of-work.ts";
import { catalogueRepositoriesContract } from "../contracts/catalogue-repositories.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

catalogueRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return createCatalogueUnitOfWork(app.db, app.clock);
});

import { createCatalogUnitOfWork } from "../../adapters/repositories/catalog.unit-of-work.ts";
import { catalogRepositoriesContract } from "../contracts/catalog-repositories.contract.ts";
import { createTestApp, TEST_DATABASE } from "./helpers/test-app.ts";

catalogRepositoriesContract(`Kysely on ${TEST_DATABASE}`, async () => {
  const { app } = await createTestApp({ seed: false });
  return createCatalogUnitOfWork(app.db, app.clock);
});

import { catalogAdminRepositoriesContract } from "../../contracts/catalog-admin-repositories.contract.ts";
import { createInMemoryCatalogAdmin } from "../../fakes/in-memory-catalog-admin.ts";

catalogAdminRepositoriesContract("in-memory fake", async () => createInMemoryCatalogAdmin().unitOfWork);

import { catalogueAdminRepositoriesContract } from "../../contracts/catalogue-admin-repositories.contract.ts";
import { createInMemoryCatalogueAdmin } from "../../fakes/in-memory-catalogue-admin.ts";

catalogueAdminRepositoriesContract("in-memory fake", async () => createInMemoryCatalogueAdmin().unitOfWork);

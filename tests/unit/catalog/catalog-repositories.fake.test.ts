import { catalogRepositoriesContract } from "../../contracts/catalog-repositories.contract.ts";
import { createInMemoryCatalog } from "../../fakes/in-memory-catalog.ts";

catalogRepositoriesContract("in-memory fake", async () => createInMemoryCatalog().unitOfWork);

import { catalogueRepositoriesContract } from "../../contracts/catalogue-repositories.contract.ts";
import { createInMemoryCatalogue } from "../../fakes/in-memory-catalogue.ts";

catalogueRepositoriesContract("in-memory fake", async () => createInMemoryCatalogue().unitOfWork);

import { contentRepositoriesContract } from "../../contracts/content-repositories.contract.ts";
import { createInMemoryContent } from "../../fakes/in-memory-content.ts";

contentRepositoriesContract("in-memory fake", async () => ({ unitOfWork: createInMemoryContent().unitOfWork }));

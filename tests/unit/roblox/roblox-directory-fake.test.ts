import { robloxDirectoryContract } from "../../contracts/roblox-directory.contract.ts";
import { inMemoryRobloxDirectory } from "../../fakes/in-memory-roblox-directory.ts";

robloxDirectoryContract("in-memory fake", async () => {
  const fake = inMemoryRobloxDirectory();
  return { directory: fake.directory, takeDown: () => void (fake.state.unreachable = true), restore: () => void (fake.state.unreachable = false) };
});

import { startRobloxFixtureServer } from "./roblox-fixture-server.ts";

// The Roblox fixture server as a process of its own, for the browser journeys' store
// (playwright.config.ts points ROBLOX_USERS_URL and ROBLOX_THUMBNAILS_URL at it).
const port = Number(process.env["ROBLOX_FIXTURE_PORT"] ?? 0);
const server = await startRobloxFixtureServer({ port, host: "127.0.0.1" });
console.log(`Roblox fixture server on ${server.usersUrl}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void server.close().then(() => process.exit(0)));

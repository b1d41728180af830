import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isValidRobloxUsername } from "#domain/checkout/roblox-username.ts";

/**
 * A local HTTP server that answers the Roblox directory adapter with Roblox's documented answers,
 * kept as fixtures in tests/fixtures/roblox/ (each names its source; the README describes the
 * fixture world: which names exist, which are missing or banned). `next(route, fixture)` makes the
 * next call to a route a documented failure (a 429, a 500); `down()` makes every call hang past
 * any timeout until `up()`; `rename(id, name)` renames an account; `calls` records what the adapter asked.
 */
export type RobloxRoute = "usernames" | "user" | "headshot" | "gamepass-info" | "gamepass-details";

type Vars = Record<string, string | number | boolean | string[]>;

const FIXTURES = new URL("../fixtures/roblox/", import.meta.url);

function loadFixture(name: string): { source: string; status: number; body: unknown } {
  const fixture = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8")) as { source: string; status?: number; body: unknown };
  if (!fixture.source) throw new Error(`fixture ${name} does not name its source`);
  return { source: fixture.source, status: fixture.status ?? 200, body: fixture.body };
}

/** The body with its placeholders filled: "{{name}}" as a string, a quoted "{{#name}}" as raw JSON. */
function fill(body: unknown, vars: Vars): unknown {
  const text = JSON.stringify(body)
    .replace(/"\{\{#(\w+)\}\}"/g, (_, name: string) => JSON.stringify(required(vars, name)))
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(required(vars, name)).replace(/["\\]/g, (c) => `\\${c}`));
  return JSON.parse(text);
}

function required(vars: Vars, name: string) {
  const value = vars[name];
  if (value === undefined) throw new Error(`fixture placeholder {{${name}}} has no value`);
  return value;
}

export interface FixtureAccount {
  id: number;
  name: string;
  displayName: string;
  created: string;
  isBanned: boolean;
}

interface World {
  accounts: (Omit<FixtureAccount, "isBanned"> & { isBanned?: boolean })[];
  missing: string[];
  banned: string[];
}

const world = JSON.parse(readFileSync(new URL("accounts.json", FIXTURES), "utf8")) as World;

/**
 * Who `username` is in the fixture world (null: no such account). The same answer for the fake
 * directory (tests/fakes/in-memory-roblox-directory.ts), so both pass one contract suite.
 */
export function fixtureAccount(username: string): FixtureAccount | null {
  const lower = username.toLowerCase();
  const listed = world.accounts.find((a) => a.name.toLowerCase() === lower);
  const banned = world.banned.some((b) => b.toLowerCase() === lower) || lower.startsWith("banned");
  if (listed) return { ...listed, isBanned: listed.isBanned === true || banned };
  if (!isValidRobloxUsername(username) || lower.startsWith("nobody") || world.missing.some((m) => m.toLowerCase() === lower)) return null;
  // A stable made-up id from the name, above the listed ones' range.
  const id = 100_000_000 + (createHash("sha256").update(lower).digest().readUInt32BE(0) % 900_000_000);
  return { id, name: username, displayName: username.replace(/_/g, " "), created: "2020-01-15T10:00:00.000Z", isBanned: banned };
}

interface FixturePassEntry {
  id: number;
  name: string;
  creator: string;
  price: number | null;
  isForSale: boolean;
  regionalPricing: boolean;
}

const passes = (JSON.parse(readFileSync(new URL("game-passes.json", FIXTURES), "utf8")) as { passes: FixturePassEntry[] }).passes;

export interface FixtureGamePass extends Omit<FixturePassEntry, "creator"> {
  creatorId: number;
  creatorName: string;
}

/**
 * The pass with this id in the fixture world (tests/fixtures/roblox/game-passes.json; null: no such
 * pass), its creator's id from the accounts' world. The fake game passes answer the same.
 */
export function fixtureGamePass(id: number): FixtureGamePass | null {
  const entry = passes.find((p) => p.id === id);
  const creator = entry && fixtureAccount(entry.creator);
  return entry && creator ? { ...entry, creatorId: creator.id, creatorName: creator.name } : null;
}

/** The headshot URL the fixture server answers for an id, in the shape of Roblox's CDN URLs. */
export function fixtureAvatarUrl(id: number): string {
  return `https://tr.rbxcdn.com/30DAY-AvatarHeadshot-${createHash("sha256").update(String(id)).digest("hex").slice(0, 32).toUpperCase()}-Png/150/150/AvatarHeadshot/Png/noFilter`;
}

export async function startRobloxFixtureServer(options: { port?: number; host?: string } = {}) {
  const known = new Map<number, FixtureAccount>(world.accounts.map((a) => [a.id, { ...a, isBanned: fixtureAccount(a.name)!.isBanned }]));
  const queued: { route: RobloxRoute; fixture: string; headers: Record<string, string> }[] = [];
  const calls: { route: RobloxRoute | "unknown"; method: string; path: string; body: unknown }[] = [];
  let isDown = false;
  const hanging = new Set<ServerResponse>();
  // Passes their creator changed since (a price, the sale, regional pricing), by id.
  const passChanges = new Map<number, FixtureGamePass>();

  function send(res: ServerResponse, name: string, vars: Vars = {}, headers: Record<string, string> = {}) {
    const fixture = loadFixture(name);
    res.writeHead(fixture.status, { "content-type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(fill(fixture.body, vars)));
  }

  function accountVars(account: FixtureAccount) {
    return { id: account.id, name: account.name, displayName: account.displayName, created: account.created, isBanned: account.isBanned };
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fixture");
      const body = req.method === "POST" ? await readBody(req) : null;
      const route: RobloxRoute | "unknown" =
        req.method === "POST" && url.pathname === "/v1/usernames/users"
          ? "usernames"
          : req.method === "GET" && /^\/v1\/users\/\d+$/.test(url.pathname)
            ? "user"
            : req.method === "GET" && url.pathname === "/v1/users/avatar-headshot"
              ? "headshot"
              : req.method === "GET" && /^\/game-passes\/v1\/game-passes\/\d+\/product-info$/.test(url.pathname)
                ? "gamepass-info"
                : req.method === "GET" && /^\/game-passes\/v1\/game-passes\/\d+\/details$/.test(url.pathname)
                  ? "gamepass-details"
                  : "unknown";
      if (req.method === "GET" && url.pathname === "/") {
        res.writeHead(200, { "content-type": "text/plain" }).end("Roblox fixture server");
        return;
      }
      calls.push({ route, method: req.method ?? "GET", path: url.pathname + url.search, body });
      if (isDown) {
        hanging.add(res);
        return;
      }
      const next = route === "unknown" ? -1 : queued.findIndex((q) => q.route === route);
      if (next !== -1) {
        const [taken] = queued.splice(next, 1);
        // A queued answer about a picture names the id that was asked for.
        send(res, taken!.fixture, { id: Number(url.searchParams.get("userIds")) || 0 }, taken!.headers);
        return;
      }
      if (route === "usernames") {
        const names = (body as { usernames?: unknown } | null)?.usernames;
        const requested = Array.isArray(names) && typeof names[0] === "string" ? names[0] : "";
        const account = fixtureAccount(requested);
        const excludeBanned = (body as { excludeBannedUsers?: unknown }).excludeBannedUsers === true;
        if (!account || (excludeBanned && account.isBanned)) return send(res, "users-usernames-none");
        known.set(account.id, account);
        return send(res, "users-usernames", { ...accountVars(account), requestedUsername: requested });
      }
      if (route === "user") {
        const account = known.get(Number(url.pathname.split("/").pop()));
        return account ? send(res, "users-get", accountVars(account)) : send(res, "users-get-invalid");
      }
      if (route === "gamepass-info" || route === "gamepass-details") {
        const id = Number(url.pathname.split("/")[4]);
        const pass = passChanges.get(id) ?? fixtureGamePass(id);
        if (!pass) return send(res, "game-pass-not-found");
        const vars = { ...pass, productId: 900_000_000 + pass.id, price: pass.price ?? 0 };
        if (route === "gamepass-info") return send(res, "game-pass-product-info", vars);
        return send(res, "game-pass-details", { ...vars, enabledFeatures: pass.regionalPricing ? ["RegionalPricing"] : ["UserFixedPrice"] });
      }
      if (route === "headshot") {
        const id = Number(url.searchParams.get("userIds"));
        return send(res, "avatar-headshot", { id, imageUrl: fixtureAvatarUrl(id) });
      }
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ errors: [{ code: 0, message: "NotFound" }] }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://${options.host ?? "127.0.0.1"}:${port}`;
  return {
    usersUrl: base,
    thumbnailsUrl: base,
    apisUrl: base,
    /** The pass's creator changes it at Roblox (its price, sale, regional pricing). */
    changePass: (id: number, change: Partial<Pick<FixtureGamePass, "price" | "isForSale" | "regionalPricing">>) => {
      const pass = passChanges.get(id) ?? fixtureGamePass(id);
      if (!pass) throw new Error(`the fixture world has no pass ${id}`);
      passChanges.set(id, { ...pass, ...change });
    },
    calls,
    /** The next call to `route` answers the documented `fixture` (with these headers, e.g. Retry-After). */
    next: (route: RobloxRoute, fixture: string, headers: Record<string, string> = {}) => void queued.push({ route, fixture, headers }),
    /** The account with this id is called `name` from now on (a rename at Roblox: users v1 by id answers the new name). */
    rename: (id: number, name: string) => {
      const account = known.get(id);
      if (!account) throw new Error(`the fixture server has not been asked about user ${id} yet`);
      known.set(id, { ...account, name });
    },
    /** Every call hangs (past the adapter's timeout) until `up()`. */
    down: () => void (isDown = true),
    up: () => {
      isDown = false;
      for (const res of hanging) res.destroy();
      hanging.clear();
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RobloxFixtureServer = Awaited<ReturnType<typeof startRobloxFixtureServer>>;

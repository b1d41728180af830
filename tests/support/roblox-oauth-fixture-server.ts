import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { fixtureAccount, fixtureAvatarUrl, type FixtureAccount } from "./roblox-fixture-server.ts";

/**
 * Roblox's OAuth 2.0 authorization server, replayed locally for Sign in with Roblox (better-auth's
 * Roblox provider pointed at it by ROBLOX_OAUTH_URL): `GET /v1/authorize` sends the browser back to
 * `redirect_uri` with a one-use `code` and the `state` (as Roblox does after its consent screen),
 * `POST /v1/token` trades the code for tokens, `GET /v1/userinfo` answers the account's claims.
 * The answers are tests/fixtures/roblox/oauth-*.json (each names its source). `signInAs(name)`
 * says which fixture-world account the next visitor to the consent screen is signed in to Roblox as.
 */
const FIXTURES = new URL("../fixtures/roblox/", import.meta.url);

function fixture(name: string): { status: number; body: unknown } {
  const read = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES), "utf8")) as { source?: string; status?: number; body: unknown };
  if (!read.source) throw new Error(`fixture ${name} does not name its source`);
  return { status: read.status ?? 200, body: read.body };
}

function filled(body: unknown, vars: Record<string, string | number>): string {
  return JSON.stringify(body)
    .replace(/"\{\{#(\w+)\}\}"/g, (_, key: string) => JSON.stringify(vars[key]))
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(vars[key]));
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startRobloxOAuthFixtureServer(client: { clientId: string; clientSecret: string }) {
  let signedIn: FixtureAccount | null = null;
  const codes = new Map<string, FixtureAccount>();
  const tokens = new Map<string, FixtureAccount>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fixture");
      const send = (name: string, vars: Record<string, string | number> = {}) => {
        const { status, body } = fixture(name);
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(filled(body, vars));
      };
      if (req.method === "GET" && url.pathname === "/v1/authorize") {
        const redirect = url.searchParams.get("redirect_uri");
        if (url.searchParams.get("client_id") !== client.clientId || !redirect || url.searchParams.get("response_type") !== "code" || !signedIn) {
          res.writeHead(400, { "content-type": "text/plain" }).end("invalid authorization request");
          return;
        }
        const code = randomBytes(16).toString("hex");
        codes.set(code, signedIn);
        const back = new URL(redirect);
        back.searchParams.set("code", code);
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      if (req.method === "POST" && url.pathname === "/v1/token") {
        const body = await form(req);
        const account = codes.get(body.get("code") ?? "");
        codes.delete(body.get("code") ?? "");
        if (!account || body.get("client_id") !== client.clientId || body.get("client_secret") !== client.clientSecret) return send("oauth-invalid-grant");
        const accessToken = randomBytes(16).toString("hex");
        tokens.set(accessToken, account);
        return send("oauth-token", { accessToken, refreshToken: randomBytes(16).toString("hex") });
      }
      if (req.method === "GET" && url.pathname === "/v1/userinfo") {
        const account = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        if (!account) {
          res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "invalid_token" }));
          return;
        }
        return send("oauth-userinfo", {
          id: account.id,
          name: account.name,
          displayName: account.displayName,
          createdAt: Math.floor(new Date(account.created).getTime() / 1000),
          picture: fixtureAvatarUrl(account.id),
        });
      }
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "not_found" }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** The next visitor to the consent screen is signed in to Roblox as this fixture-world account. */
    signInAs(username: string) {
      signedIn = fixtureAccount(username);
      if (!signedIn) throw new Error(`${username} is no account in the fixture world`);
      return signedIn;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

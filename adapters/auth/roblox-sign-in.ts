import type { BetterAuthPlugin } from "better-auth";
import { validateAuthorizationCode } from "better-auth/oauth2";

/** Roblox's OAuth 2.0 base, as its reference documents it (create.roblox.com/docs/cloud/reference/oauth2). */
export const ROBLOX_OAUTH_URL = "https://apis.roblox.com/oauth";

export interface RobloxSignInSettings {
  clientId: string;
  clientSecret: string;
  /** ROBLOX_OAUTH_URL: Roblox's own, or a local fixture server in tests. */
  oauthUrl: string;
}

/**
 * better-auth's Roblox provider as the store uses it: to link a Roblox account to a store account
 * (dashboard, "Link with Roblox") and then sign in with it. Never to make a store account: an
 * unlinked Roblox account signing in is refused (disableImplicitSignUp), since Roblox gives no
 * email and every store account has one.
 */
export function robloxProvider(settings: RobloxSignInSettings) {
  return { clientId: settings.clientId, clientSecret: settings.clientSecret, disableImplicitSignUp: true, prompt: "select_account consent" as const };
}

interface RobloxProfile {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string | null;
}

/**
 * better-auth's Roblox provider has Roblox's endpoints written in; this plugin (better-auth's own
 * extension point, run once when the auth context is made) points it at another base with the same
 * paths, which is how the tests reach a local server replaying Roblox's documented answers
 * (tests/support/roblox-oauth-fixture-server.ts). At Roblox's own base it changes nothing.
 */
export function robloxEndpoints(oauthUrl: string): BetterAuthPlugin {
  return {
    id: "roblox-endpoints",
    init(ctx) {
      if (oauthUrl === ROBLOX_OAUTH_URL) return;
      const moved = ctx.socialProviders.map((provider) => {
        if (provider.id !== "roblox") return provider;
        return {
          ...provider,
          async createAuthorizationURL(args: Parameters<typeof provider.createAuthorizationURL>[0]) {
            const url = await provider.createAuthorizationURL(args);
            return new URL(String(url).replace(ROBLOX_OAUTH_URL, oauthUrl));
          },
          validateAuthorizationCode: ({ code, redirectURI }: { code: string; redirectURI: string }) =>
            validateAuthorizationCode({
              code,
              redirectURI: provider.options?.redirectURI || redirectURI,
              options: provider.options ?? {},
              tokenEndpoint: `${oauthUrl}/v1/token`,
              authentication: "post",
            }),
          // What the provider maps from Roblox's userinfo claims, read at the moved base.
          async getUserInfo(token: { accessToken?: string | undefined }) {
            const response = await fetch(`${oauthUrl}/v1/userinfo`, { headers: { authorization: `Bearer ${token.accessToken ?? ""}` } });
            if (!response.ok) return null;
            const profile = (await response.json()) as RobloxProfile;
            return {
              user: {
                id: profile.sub,
                name: profile.nickname || profile.preferred_username || "",
                image: profile.picture ?? undefined,
                email: `${profile.sub}@roblox.placeholder.invalid`,
                emailVerified: false,
              },
              data: profile,
            };
          },
        } as typeof provider;
      });
      return { context: { socialProviders: moved } };
    },
  };
}

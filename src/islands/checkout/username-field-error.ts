import { robloxUsernameProblem } from "#domain/checkout/roblox-username.ts";

/** Problems that more typing may still fix: said once the shopper leaves the field, not at each key. */
const UNFINISHED = new Set(["A Roblox username has at least 3 characters", "The underscore cannot be the first or the last character"]);

/** What the Roblox username field says under it: the server's word, else the rule's, as the shopper types. */
export function usernameFieldError(typed: string, left: boolean, server: string | undefined): string | null {
  if (server) return server;
  const problem = typed.trim() === "" ? null : robloxUsernameProblem(typed.trim());
  return problem && (left || !UNFINISHED.has(problem)) ? problem : null;
}

import { jsonWithCookies, signOut } from "#server/auth-bridge.ts";
import { route } from "#server/http.ts";

// Ends the session (also when there is none) and clears its cookies.
export const POST = route(async (context) => jsonWithCookies(null, 204, await signOut(context)));

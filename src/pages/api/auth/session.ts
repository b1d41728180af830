import { json, route } from "#server/http.ts";
import { sessionAnswer } from "#server/personal-on-node.ts";

// The front answers this GET on node's own request (personal-on-node.ts), with the same answer.
export const GET = route(async ({ locals }) => json(sessionAnswer(await locals.currentUser())));

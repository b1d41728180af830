import { json, route } from "#server/http.ts";
import { sessionAnswer } from "#server/personal-answers.ts";

// The front answers this GET on node's own request (src/server/node-answers/personal.ts), with the same answer.
export const GET = route(async ({ locals }) => json(sessionAnswer(await locals.currentUser())));

import type { IncomingMessage, ServerResponse } from "node:http";
import { shopperOf } from "#domain/shared/shopper.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { App } from "../app.ts";
import { visitOnNode, writeErrorOnNode, writeOnNode } from "../node-pipeline.ts";
import { accountAnswer, cartAnswer, sessionAnswer } from "../personal-answers.ts";
import type { RoutePattern } from "../routes.ts";

/**
 * GET /api/auth/session and GET /api/cart on node's own request and response, for the front: every
 * signed-in page view's islands ask for both; and GET /api/auth/user, which the
 * dashboard's shell reads. The answers are the route modules' own
 * (personal-answers.ts), through the pipeline's steps on node (node-pipeline.ts); building a fetch
 * Request, its Headers and a Response around a 200-byte JSON answer, and reading them back, cost
 * more than reading the session and the cart (docs/benchmarks.md). The session is read on every
 * request, uncached, exactly as on the general path (readSessionUserOfCookie): a session ended
 * anywhere is not found by the very next request.
 */
const ANSWERS = {
  "/api/auth/session": async (_app: App, user: () => Promise<SessionUser | null>) => sessionAnswer(await user()),
  "/api/cart": async (app: App, user: () => Promise<SessionUser | null>, visitorId: string) =>
    cartAnswer(app, shopperOf((await user())?.id ?? null, visitorId)),
  "/api/auth/user": async (app: App, user: () => Promise<SessionUser | null>) => accountAnswer(app, await user()),
} satisfies Partial<Record<RoutePattern, unknown>>;

export type PersonalPattern = keyof typeof ANSWERS;

/**
 * Returns false (nothing answered) for what the general path must see: a query string (a ?ref=
 * visit sets the referral cookie there) and cookies signed with a previous secret during a
 * rotation (the pipeline signs them again). These routes have no parameters.
 */
export function answerPersonalOnNode(app: App, req: IncomingMessage, res: ServerResponse, pattern: PersonalPattern): boolean {
  if (req.method !== "GET" || req.url !== pattern) return false;
  const visit = visitOnNode(app, req);
  if (visit.visit.resigned) return false;
  const headers = () => ({ "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  ANSWERS[pattern](app, visit.user, visit.visit.visitorId)
    .then((answer) => writeOnNode(app, res, visit, 200, headers(), JSON.stringify(answer)))
    .catch((error: unknown) => writeErrorOnNode(app, res, visit, error, headers()))
    .catch(() => res.destroy());
  return true;
}

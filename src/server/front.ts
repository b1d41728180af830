import type { IncomingMessage, ServerResponse } from "node:http";
import type { App } from "./app.ts";
import type { AssetHandler } from "./client-assets.ts";
import type { RouteHandler } from "./http.ts";
import { answerPageViewOnNode } from "./node-answers/page-view.ts";
import { answerCachedOnNode } from "./node-answers/cached-page.ts";
import { answerPersonalOnNode } from "./node-answers/personal.ts";
import { answerEventsOnNode } from "./live/events-on-node.ts";
import { methodRefusalResponse, refuseMethod } from "./methods.ts";
import { arrivalOf } from "./node-pipeline.ts";
import { inRequestContext, secureHeaders, servedOverTls } from "./pipeline-steps.ts";
import { handleRequest } from "./request-pipeline.ts";
import { matchRoute } from "./route-matcher.ts";
import { loadRouteModule, type RouteModule } from "./route-modules.ts";
import { ROUTES, type NodeAnswerPattern, type RouteEntry, type RouteMethod } from "./routes.ts";

/** A node:http request listener (Astro's handler, and what createFront returns). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The hottest routes, marked `front` in the route manifest (src/server/routes.ts): the catalogue API
 * that every page's islands and outside clients read, the page-view tracker that fires on every
 * navigation, the session and cart every signed-in page view asks for (issue 33), and the health
 * check a load balancer polls. They are the same route modules Astro
 * serves, answered here without Astro's per-request routing, static-file lookup and response
 * conversion, which cost several times the route itself. The manifest is the only list: each front
 * entry's module is found from its pattern and loaded once, when this module is.
 */
const FRONT_MODULES: ReadonlyMap<string, RouteModule> = new Map(
  await Promise.all(
    ROUTES.filter((route: RouteEntry) => route.front !== undefined).map(async (route) => [route.pattern, await loadRouteModule(route)] as const),
  ),
);

/** Routes answered on node's own request and response first; false: not answered, go on as usual. */
const NODE_ANSWERS: Record<NodeAnswerPattern, (app: App, req: IncomingMessage, res: ServerResponse) => boolean> = {
  "/api/tracking/page-view": answerPageViewOnNode,
  "/api/auth/session": (app, req, res) => answerPersonalOnNode(app, req, res, "/api/auth/session"),
  "/api/cart": (app, req, res) => answerPersonalOnNode(app, req, res, "/api/cart"),
  "/api/auth/user": (app, req, res) => answerPersonalOnNode(app, req, res, "/api/auth/user"),
  "/api/events": answerEventsOnNode,
};

interface FastMatch {
  method: string;
  handler: RouteHandler;
  params: Record<string, string>;
}

/** Bodies of fast routes are small JSON; reading stops past this and the route answers 413. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface FrontOptions {
  /**
   * The build's client files (serveClientAssets): looked up before Astro for every GET and HEAD
   * that no fast route or kept page answers. Astro's handler (the node adapter in middleware mode)
   * serves no files; without this option every request goes to it.
   */
  assets?: AssetHandler;
}

/**
 * The server's request listener: fast routes and cached catalogue pages are answered here, through
 * the same request pipeline (visitor cookie, session, origin check, security headers, log line) and
 * the same route modules as under Astro, and the build's files by `assets`; everything else goes
 * to Astro's handler unchanged.
 */
export function createFront(app: App, astro: NodeHandler, options: FrontOptions = {}): NodeHandler {
  const { assets } = options;
  // What the node adapter's standalone handler did before rendering: answer a URL that cannot be
  // decoded with 400, and a built file from the client directory (here from sirv's map, not a look
  // on disk for every request). Then Astro renders the page or route.
  const toAstro: NodeHandler = (req, res) => {
    try {
      decodeURI(req.url ?? "/");
    } catch {
      return void res.writeHead(400).end("Bad request.");
    }
    if (assets && (req.method === "GET" || req.method === "HEAD")) return assets(req, res, () => astro(req, res));
    astro(req, res);
  };
  // Every request gets its id here, before anything else runs: the trace id of its traceparent or a
  // new one, on every log line it causes (the logger's mixin) and in the answer's X-Request-Id.
  return (req, res) => {
    const traceparent = req.headers["traceparent"];
    inRequestContext(Array.isArray(traceparent) ? traceparent[0] : traceparent, (requestId) => {
      res.setHeader("x-request-id", requestId);
      serve(req, res);
    });
  };

  function serve(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "GET";
    const pathname = pathOf(req.url ?? "/");
    // The one place methods are refused, before any routing: TRACE and CONNECT cannot become a
    // fetch Request at all, unknown methods must reach no renderer, and a page is read, not written.
    const refusal = refuseMethod(method, pathname ?? "/");
    if (refusal) {
      req.resume();
      const response = methodRefusalResponse(refusal);
      secureHeaders(response.headers, arrivalOf(req).secure || servedOverTls(app.config.publicUrl));
      return void send(res, response);
    }
    // What the route manifest says of this path (src/server/routes.ts): answered here or by Astro.
    const route = pathname === null ? null : matchRoute(pathname);
    const answersMethod = route !== null && route.route.methods.includes(method as RouteMethod);
    if (answersMethod && route.route.front === "node" && NODE_ANSWERS[route.route.pattern as NodeAnswerPattern](app, req, res)) return;
    const match = answersMethod && route.route.front ? fastMatch(route.route.pattern, method, route.params) : null;
    const cacheable = method === "GET" && route?.route.cacheable !== undefined;
    // Built files and every other page or route: the files, else Astro, untouched.
    if (!match && !cacheable) return toAstro(req, res);
    const fail = (error: unknown) => {
      app.log.error({ err: error, path: pathname }, "front: could not answer");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json; charset=utf-8" }).end('{"error":"Something went wrong on our side"}');
      else res.destroy();
    };
    // A kept page or catalogue answer is written straight from the cache; otherwise the page goes
    // to Astro (whose middleware keeps it for the next request) and a fast route to its module.
    const kept = cacheable ? answerCachedOnNode(app, req, res, req.url!) : Promise.resolve(false);
    kept
      .then((answered) => {
        if (answered) return;
        if (!match) return toAstro(req, res);
        return answer(app, req, res, match);
      })
      .catch(fail);
  }
}

async function answer(app: App, req: IncomingMessage, res: ServerResponse, match: FastMatch) {
  // A write's body (POST, and the PATCH of /api/auth/user); GET, HEAD and DELETE carry none here.
  const body = match.method === "POST" || match.method === "PATCH" || match.method === "PUT" ? await readBody(req) : undefined;
  const request = toRequest(req, body);
  const socketAddress = req.socket.remoteAddress ?? "";
  const url = new URL(request.url);
  const response = await handleRequest(request, app, socketAddress, (state) =>
    app.catalogueCache.serve(request, async () => match.handler({ request, url, params: match.params, locals: { ...state, app } })),
  );
  await send(res, response);
}

/** The front route's handler for this method, its parameters decoded; null: Astro answers it. */
function fastMatch(pattern: string, method: string, raw: Record<string, string>): FastMatch | null {
  const handler = FRONT_MODULES.get(pattern)?.[method as RouteMethod];
  if (!handler) return null;
  const params: Record<string, string> = {};
  try {
    for (const [name, value] of Object.entries(raw)) params[name] = decodeURIComponent(value);
  } catch {
    return null; // malformed escapes: Astro answers those
  }
  return { method, handler, params };
}

function pathOf(target: string): string | null {
  const end = target.indexOf("?");
  const path = end === -1 ? target : target.slice(0, end);
  return path.startsWith("/") ? path : null;
}

function toRequest(req: IncomingMessage, body: Buffer | undefined): Request {
  const protocol = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    // HTTP/2 pseudo-headers (":authority") are not valid header names for fetch's Headers.
    if (raw[i]!.charCodeAt(0) !== 58) headers.append(raw[i]!, raw[i + 1]!);
  }
  return new Request(`${protocol}://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method ?? "GET",
    headers,
    body: body ? new Uint8Array(body) : null,
  });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      size += chunk.length;
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  // Known length: no chunked encoding for a body that is already whole.
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}

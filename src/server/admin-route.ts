import type * as z from "zod";
import type { Permission } from "#domain/accounts/staff-roles.ts";
import type { SessionUser } from "#domain/accounts/user.ts";
import type { DomainError } from "#domain/shared/domain-error.ts";
import { requireAdmin } from "./guards.ts";
import { json, noContent, param, readJson, route, type RouteContext, type RouteHandler } from "./http.ts";

type App = App.Locals["app"];

/**
 * A route for staff whose role includes `permission`: the check comes first (401/403, guards.ts),
 * before the body is read, and every failure leaves as the error contract (route()).
 */
export function adminRoute(permission: Permission, handler: (admin: SessionUser, context: RouteContext) => Promise<Response>): RouteHandler {
  return route(async (context) => handler(await requireAdmin(context, permission), context));
}

/** An administrator's command with a JSON body checked against `schema`; answers 204. */
export function adminCommand<S extends z.ZodType>(
  permission: Permission,
  schema: S,
  run: (app: App, body: z.infer<S>, admin: SessionUser) => Promise<unknown>,
): RouteHandler {
  return adminRoute(permission, async (admin, context) => {
    await run(context.locals.app, await readJson(context.request, schema), admin);
    return noContent();
  });
}

/**
 * The PATCH and DELETE of an administered thing at `.../[id]`: PATCH checks the body against
 * `patch` and answers the changed thing as JSON; DELETE answers 204.
 */
export function adminItemRoutes<S extends z.ZodType>(
  permission: Permission,
  item: {
    patch: S;
    update: (app: App, id: string, changes: z.infer<S>, admin: SessionUser) => Promise<unknown>;
    remove: (app: App, id: string, admin: SessionUser) => Promise<unknown>;
  },
): { PATCH: RouteHandler; DELETE: RouteHandler } {
  return {
    PATCH: adminRoute(permission, async (admin, context) => {
      const changes = await readJson(context.request, item.patch);
      return json(await item.update(context.locals.app, param(context, "id"), changes, admin));
    }),
    DELETE: adminRoute(permission, async (admin, context) => {
      await item.remove(context.locals.app, param(context, "id"), admin);
      return noContent();
    }),
  };
}

/** A read model's answer that must be there (the thing was just written): else `missing`'s 404, as when it was removed meanwhile. */
export function found<T>(view: T | undefined | null, missing: () => DomainError): T {
  if (view === undefined || view === null) throw missing();
  return view;
}

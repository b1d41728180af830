import { readSupportStatus } from "#read-models/support/support-status.query.ts";
import type { SupportStatusView } from "#read-models/support/support-status.views.ts";
import { json, route } from "#server/http.ts";

/** Every page's chat widget asks: one read per process every few seconds, whatever the traffic. */
const CACHE_MS = 10_000;
const cached = new WeakMap<object, { at: number; view: Promise<SupportStatusView> }>();

// Public: how many staff are there to answer, how fast they answered lately, and the hours (issue 36).
export const GET = route(async ({ locals }) => {
  const { app } = locals;
  const now = app.clock.now();
  let entry = cached.get(app.db);
  if (!entry || now.getTime() - entry.at >= CACHE_MS || now.getTime() < entry.at) {
    entry = { at: now.getTime(), view: readSupportStatus(app.db, now) };
    cached.set(app.db, entry);
    entry.view.catch(() => cached.delete(app.db));
  }
  return json((await entry.view) satisfies SupportStatusView, 200, { "cache-control": "public, max-age=10" });
});

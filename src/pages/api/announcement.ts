import { readAnnouncement } from "#read-models/storefront/announcement.queries.ts";
import type { AnnouncementView } from "#read-models/storefront/announcement.views.ts";
import { json, noContent, route } from "#server/http.ts";

// Public: the running sale (with its real end), else the owner's announcement, else 204 (issue 36).
export const GET = route(async ({ locals }) => {
  const { app } = locals;
  const announcement = await readAnnouncement(app.db, app.clock.now());
  return announcement ? json(announcement satisfies AnnouncementView) : noContent();
});

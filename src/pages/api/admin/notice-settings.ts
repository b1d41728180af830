import type { StaffNoticeSettings } from "#domain/accounts/staff-notice-settings.ts";
import { requireStaff } from "#server/guards.ts";
import { json, readJson, route } from "#server/http.ts";
import { NoticeSettingsInput } from "#server/schemas/staff-notices.schemas.ts";

// The Notices menu's settings (issue 38): every staff member reads and writes their own, no one else's.
export const GET = route(async (context) => {
  const staff = await requireStaff(context);
  return json((await context.locals.app.staffNotices.readNoticeSettings(staff.id)) satisfies StaffNoticeSettings);
});

export const PUT = route(async (context) => {
  const staff = await requireStaff(context);
  const settings = await readJson(context.request, NoticeSettingsInput);
  await context.locals.app.staffNotices.saveNoticeSettings(staff.id, settings);
  return json(settings satisfies StaffNoticeSettings);
});

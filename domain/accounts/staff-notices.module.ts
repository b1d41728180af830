import type { Clock } from "../shared/clock.port.ts";
import { DEFAULT_NOTICE_SETTINGS, type StaffNoticeSettings } from "./staff-notice-settings.ts";
import type { StaffNoticeSettingsStore } from "./staff-notice-settings.port.ts";

/**
 * The Notices menu's settings (issue 38): `app.staffNotices.readNoticeSettings(staffId)`. The
 * route lets a staff member read and write only their own.
 */
export function createStaffNoticesModule(deps: { store: StaffNoticeSettingsStore; clock: Clock }) {
  return {
    readNoticeSettings: async (staffId: string): Promise<StaffNoticeSettings> => (await deps.store.read(staffId)) ?? DEFAULT_NOTICE_SETTINGS,
    saveNoticeSettings: (staffId: string, settings: StaffNoticeSettings) => deps.store.save(staffId, settings, deps.clock.now()),
  };
}

export type StaffNoticesModule = ReturnType<typeof createStaffNoticesModule>;

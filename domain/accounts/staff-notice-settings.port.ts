import type { StaffNoticeSettings } from "./staff-notice-settings.ts";

/** Each staff member's Notices settings; null when they never chose. A save replaces the whole. */
export interface StaffNoticeSettingsStore {
  read(userId: string): Promise<StaffNoticeSettings | null>;
  save(userId: string, settings: StaffNoticeSettings, at: Date): Promise<void>;
}

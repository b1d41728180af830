import * as z from "zod";

const Choice = z.object({ sound: z.boolean(), notification: z.boolean() });

/** PUT /api/admin/notice-settings: the whole of one staff member's Notices settings. */
export const NoticeSettingsInput = z.object({ order: Choice, conversation: Choice });

/**
 * What the panel's Notices menu does for one staff member (issue 38): for each kind of new work, a
 * short sound and a browser notification, each on or off. Kept on the server per staff member, so
 * the choice follows them to another browser; the browser keeps a copy only to start with it.
 */
export const NOTICE_KINDS = ["order", "conversation"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface NoticeChoice {
  sound: boolean;
  notification: boolean;
}

export type StaffNoticeSettings = Record<NoticeKind, NoticeChoice>;

/** Until a staff member chooses: everything on (new work should not go unnoticed). */
export const DEFAULT_NOTICE_SETTINGS: StaffNoticeSettings = {
  order: { sound: true, notification: true },
  conversation: { sound: true, notification: true },
};

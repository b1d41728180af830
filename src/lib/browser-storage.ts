/**
 * localStorage that never throws: private modes and blocked storage make it throw, and a banner or
 * a promo must not break the page over it (it then simply shows again next time).
 */
export const STORAGE_KEYS = {
  hasSeenPromo: "hasSeenPromo",
  announcementDismissed: "announcementDismissed",
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: nothing to remember it in.
  }
}

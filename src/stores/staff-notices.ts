import { atom } from "nanostores";
import type { LiveSignal } from "./live-events.ts";

/**
 * What the panel tells a staff member of new work (issue 38): a count of new paid orders and new
 * conversations since they last looked, and, each if they keep it on, a browser notification and
 * a short sound. The two choices are kept in this browser (localStorage), per staff member's device.
 */
export interface StaffNoticeSettings {
  notification: boolean;
  sound: boolean;
}

const SETTINGS_KEY = "staffNotices";
export const $noticeSettings = atom<StaffNoticeSettings>({ notification: true, sound: true });
export const $newWork = atom<{ orders: number; conversations: number }>({ orders: 0, conversations: 0 });

export function loadNoticeSettings(): void {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? "null") as Partial<StaffNoticeSettings> | null;
    if (saved) $noticeSettings.set({ notification: saved.notification !== false, sound: saved.sound !== false });
  } catch {
    // Unreadable: the defaults.
  }
}

export function changeNoticeSettings(change: Partial<StaffNoticeSettings>): void {
  const next = { ...$noticeSettings.get(), ...change };
  $noticeSettings.set(next);
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Private mode: kept for this page only.
  }
}

/** The kind of new work a live signal brings, if any: a paid order staff have not seen, or a new conversation. */
export function newWorkOf(signal: LiveSignal): { kind: "order" | "conversation"; title: string; body: string } | null {
  if (signal.kind === "order" && signal.newPaidOrder)
    return { kind: "order", title: "New paid order", body: `Order #${signal.orderId.slice(0, 8)} is waiting for delivery` };
  if (signal.kind === "conversation" && signal.opened)
    return { kind: "conversation", title: "New support conversation", body: "A shopper is waiting in the chat" };
  return null;
}

export function noteNewWork(kind: "order" | "conversation"): void {
  const now = $newWork.get();
  $newWork.set(kind === "order" ? { ...now, orders: now.orders + 1 } : { ...now, conversations: now.conversations + 1 });
}

export function clearNewWork(kind: "order" | "conversation"): void {
  const now = $newWork.get();
  $newWork.set(kind === "order" ? { ...now, orders: 0 } : { ...now, conversations: 0 });
}

/** A short two-tone chime drawn with Web Audio (no file to fetch; the browser may refuse before the first click). */
export function playChime(): void {
  try {
    const audio = new AudioContext();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    gain.connect(audio.destination);
    for (const [frequency, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.2);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No audio here.
  }
}

import { atom } from "nanostores";
import type { LiveSignal } from "./live-events.ts";

import { DEFAULT_NOTICE_SETTINGS, type NoticeChoice, type NoticeKind, type StaffNoticeSettings } from "#domain/accounts/staff-notice-settings.ts";
import { api } from "#src/lib/api-client.ts";
import { toastError } from "./toast.ts";
import { shortId } from "#domain/shared/short-id.ts";

/**
 * What the panel tells a staff member of new work (issue 38): a count of new paid orders and new
 * conversations since they last looked, and, for each kind as they chose, a browser notification
 * and a short sound. The choices live on the server (GET/PUT /api/admin/notice-settings), per staff
 * member; localStorage keeps a copy so the panel starts with them before the answer comes.
 */
export type { StaffNoticeSettings };

const CACHE_KEY = "staffNotices.v2";
export const $noticeSettings = atom<StaffNoticeSettings>(DEFAULT_NOTICE_SETTINGS);
export const $newWork = atom<{ orders: number; conversations: number }>({ orders: 0, conversations: 0 });

function cache(settings: StaffNoticeSettings): void {
  try {
    window.localStorage.setItem(CACHE_KEY, JSON.stringify(settings));
  } catch {
    // Private mode: the server's copy is enough.
  }
}

/** The cached copy at once, then the server's (which wins). */
export async function loadNoticeSettings(): Promise<void> {
  try {
    const cached = JSON.parse(window.localStorage.getItem(CACHE_KEY) ?? "null") as StaffNoticeSettings | null;
    if (cached?.order && cached.conversation) $noticeSettings.set(cached);
  } catch {
    // Unreadable: the defaults until the server answers.
  }
  try {
    const saved = await api.get<StaffNoticeSettings>("/api/admin/notice-settings");
    $noticeSettings.set(saved);
    cache(saved);
  } catch {
    // Offline or signed out: the cached copy stands.
  }
}

/** Changes one choice of one kind, saved on the server (and cached). */
export async function changeNoticeSettings(kind: NoticeKind, change: Partial<NoticeChoice>): Promise<void> {
  const now = $noticeSettings.get();
  const next = { ...now, [kind]: { ...now[kind], ...change } };
  $noticeSettings.set(next);
  cache(next);
  try {
    await api.put("/api/admin/notice-settings", next);
  } catch (error) {
    toastError(error, "Your notice settings could not be saved");
  }
}

/** The kind of new work a live signal brings, if any: a paid order staff have not seen, or a new conversation. */
export function newWorkOf(signal: LiveSignal): { kind: "order" | "conversation"; title: string; body: string } | null {
  if (signal.kind === "order" && signal.newPaidOrder)
    return { kind: "order", title: "New paid order", body: `Order #${shortId(signal.orderId)} is waiting for delivery` };
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

import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { NOTICE_KINDS, type NoticeKind } from "#domain/accounts/staff-notice-settings.ts";
import { LIVE_SAFETY_POLL_MS } from "#src/lib/use-live-polling.ts";
import { QUEUE_POLL_MS, refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { $liveStatus, allowLiveChannel, listenLive } from "#src/stores/live-events.ts";
import {
  $newWork,
  $noticeSettings,
  changeNoticeSettings,
  clearNewWork,
  loadNoticeSettings,
  newWorkOf,
  noteNewWork,
  playChime,
} from "#src/stores/staff-notices.ts";

const KIND_LABELS: Record<NoticeKind, string> = { order: "New paid orders", conversation: "New conversations" };

/**
 * The panel's live part (issue 38), its own component so that what it re-renders is this alone:
 * keeps the delivery queue current (on each live order event; every QUEUE_POLL_MS while the live
 * channel is not open), counts new paid orders and conversations on a badge, and notifies and
 * chimes as the staff member chose in its menu.
 */
export default function StaffNotices() {
  const live = useStore($liveStatus) === "open";
  const work = useStore($newWork);
  const settings = useStore($noticeSettings);

  useEffect(() => {
    void loadNoticeSettings();
    allowLiveChannel();
    return listenLive((signal) => {
      if (signal.kind === "order" || signal.kind === "resync") void refreshDeliveryQueue();
      const news = newWorkOf(signal);
      if (!news) return;
      noteNewWork(news.kind);
      const chosen = $noticeSettings.get()[news.kind];
      if (chosen.sound) playChime();
      if (chosen.notification && typeof Notification !== "undefined" && Notification.permission === "granted" && document.visibilityState === "hidden") {
        new Notification(news.title, { body: news.body, tag: news.kind });
      }
    });
  }, []);

  useEffect(() => {
    void refreshDeliveryQueue();
    const timer = setInterval(() => void refreshDeliveryQueue(), live ? LIVE_SAFETY_POLL_MS : QUEUE_POLL_MS);
    return () => clearInterval(timer);
  }, [live]);

  async function toggleNotification(kind: NoticeKind, on: boolean) {
    if (on && typeof Notification !== "undefined" && Notification.permission === "default") await Notification.requestPermission();
    await changeNoticeSettings(kind, { notification: on });
  }

  const total = work.orders + work.conversations;
  const said = `${work.orders} new paid ${work.orders === 1 ? "order" : "orders"}, ${work.conversations} new ${work.conversations === 1 ? "conversation" : "conversations"}`;
  return (
    <details className="relative">
      <summary className="btn-secondary cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        Notices
        {total > 0 && (
          <span aria-label={said} className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white">
            {total}
          </span>
        )}
      </summary>
      {/* Left-aligned on a phone: the header's buttons wrap there, and this one starts its row (anchored right, the menu left the screen). */}
      <div className="card absolute left-0 z-30 mt-2 w-[min(20rem,calc(100vw-1.5rem))] space-y-3 p-4 shadow-xl sm:left-auto sm:right-0">
        <p className="text-sm text-slate-300" role="status">
          {live ? "Live: new work shows at once." : "Not live: the panel checks for new work every few seconds."}
        </p>
        <p className="text-sm">{said}</p>
        {total > 0 && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              clearNewWork("order");
              clearNewWork("conversation");
            }}
          >
            Mark as Seen
          </button>
        )}
        {NOTICE_KINDS.map((kind) => (
          <fieldset key={kind} className="space-y-1 text-sm">
            <legend className="font-semibold">{KIND_LABELS[kind]}</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={settings[kind].notification} onChange={(event) => void toggleNotification(kind, event.currentTarget.checked)} />
              Browser notification
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={settings[kind].sound}
                onChange={(event) => void changeNoticeSettings(kind, { sound: event.currentTarget.checked })}
              />
              Short sound
            </label>
          </fieldset>
        ))}
      </div>
    </details>
  );
}

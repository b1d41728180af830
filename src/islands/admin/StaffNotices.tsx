import { useStore } from "@nanostores/react";
import { useEffect } from "react";
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
    loadNoticeSettings();
    allowLiveChannel();
    return listenLive((signal) => {
      if (signal.kind === "order" || signal.kind === "resync") void refreshDeliveryQueue();
      const news = newWorkOf(signal);
      if (!news) return;
      noteNewWork(news.kind);
      const chosen = $noticeSettings.get();
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

  async function toggleNotification(on: boolean) {
    if (on && typeof Notification !== "undefined" && Notification.permission === "default") await Notification.requestPermission();
    changeNoticeSettings({ notification: on });
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
      <div className="card absolute right-0 z-30 mt-2 w-[min(20rem,calc(100vw-1.5rem))] space-y-3 p-4 shadow-xl">
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
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.notification} onChange={(event) => void toggleNotification(event.currentTarget.checked)} />
          Browser notification for a new paid order or conversation
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={settings.sound} onChange={(event) => changeNoticeSettings({ sound: event.currentTarget.checked })} />
          Play a short sound
        </label>
      </div>
    </details>
  );
}

import { useEffect, useState } from "react";
import type { TimelineItemView } from "#read-models/shopping/shopping.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { shortId } from "#domain/shared/short-id.ts";

const DOT: Record<string, string> = {
  delivered: "bg-emerald-400",
  late: "bg-amber-400",
  compensated: "bg-amber-300",
  cancelled: "bg-red-400",
  refunded: "bg-red-300",
  message: "bg-slate-400",
};

const timeOf = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium" });

/** The id of an order's timeline panel, for the button that opens it (aria-controls). */
export const timelinePanelId = (orderId: string) => `order-timeline-${orderId}`;

/**
 * An order's timeline (GET /api/orders/{id}/timeline) behind a toggle: loaded when opened, with
 * the delivery proof screenshots on the "delivered" line. Used by the shopper's dashboard and the
 * admin panel (both may read it).
 */
export default function OrderTimeline({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 w-full sm:w-auto">
      <TimelineButton orderId={orderId} open={open} onToggle={() => setOpen((value) => !value)} />
      {open && <OrderTimelinePanel orderId={orderId} />}
    </div>
  );
}

/**
 * The toggle alone, for a row of buttons whose panels open under the row (the admin's order
 * cards): a panel opened inside the row made the row as tall as the panel, and every button in it
 * with it (issue 47).
 */
export function TimelineButton({ orderId, open, onToggle, className }: { orderId: string; open: boolean; onToggle: () => void; className?: string }) {
  return (
    <DisclosureButton open={open} controls={timelinePanelId(orderId)} onToggle={onToggle} {...(className ? { className } : {})}>
      {open ? "Hide timeline" : "Timeline"}
      <span className="sr-only"> of order #{shortId(orderId)}</span>
    </DisclosureButton>
  );
}

/** The timeline itself, loaded when it is shown. */
export function OrderTimelinePanel({ orderId }: { orderId: string }) {
  const [items, setItems] = useState<TimelineItemView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setError(null);
    api.get<TimelineItemView[]>(`/api/orders/${encodeURIComponent(orderId)}/timeline`).then(
      (loaded) => !cancelled && setItems(loaded),
      (failure: unknown) => !cancelled && setError(errorMessage(failure, "The timeline could not be loaded.")),
    );
    return () => {
      cancelled = true;
    };
  }, [orderId]);

  return (
    <section id={timelinePanelId(orderId)} aria-label={`Timeline of order #${shortId(orderId)}`} className="mt-3 rounded-lg border border-ink-700 p-3">
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      {!error && items === null && <p className="text-sm text-slate-300">Loading timeline...</p>}
      {items && items.length === 0 && <p className="text-sm text-slate-300">Nothing has happened yet.</p>}
      {items && items.length > 0 && (
        <ol className="space-y-3">
          {items.map((item, index) => (
            <li key={`${item.at}-${index}`} className="flex gap-3">
              <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${DOT[item.kind] ?? "bg-brand-400"}`} />
              <div className="min-w-0">
                <p className="break-words text-sm text-slate-100">{item.text}</p>
                <p className="text-xs text-slate-400">
                  <time dateTime={item.at}>{timeOf(item.at)}</time>
                </p>
                {item.proofUrls && item.proofUrls.length > 0 && (
                  <ul className="mt-2 flex flex-wrap gap-2" aria-label="Delivery proof">
                    {item.proofUrls.map((url, n) => (
                      <li key={url}>
                        <a
                          href={url}
                          target="_blank"
                          rel="noopener"
                          className="block rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-400"
                        >
                          <img src={url} alt={`Delivery proof ${n + 1}`} loading="lazy" className="h-20 w-20 rounded border border-ink-700 object-cover" />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

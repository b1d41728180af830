import { useEffect, useState } from "react";
import type { WebhookDeliveryView } from "#read-models/webhooks/webhooks.views.ts";
import { api } from "#src/lib/api-client.ts";

const PAGE = 20;

/** One endpoint's deliveries, newest first, 20 a page: what the receiver answered and how fast. */
export default function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{ deliveries: WebhookDeliveryView[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setFailed(false);
    api
      .get<{ deliveries: WebhookDeliveryView[]; total: number }>(`/api/admin/webhooks/${encodeURIComponent(webhookId)}/deliveries`, {
        offset: String(page * PAGE),
        limit: String(PAGE),
      })
      .then(setData, () => setFailed(true));
  }, [webhookId, page]);

  if (failed)
    return (
      <p role="alert" className="text-sm text-red-300">
        Deliveries could not be loaded.
      </p>
    );
  if (!data) return <p className="text-sm text-slate-300">Loading deliveries...</p>;
  if (data.total === 0) return <p className="text-sm text-slate-300">Nothing sent yet.</p>;
  const pages = Math.ceil(data.total / PAGE);
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-ink-700 text-sm" aria-label="Deliveries">
        {data.deliveries.map((d) => (
          <li key={d.id} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
            <span className="font-mono">{d.event}</span>
            <span className={d.status === "delivered" ? "text-emerald-300" : d.status === "failed" ? "text-red-300" : "text-amber-200"}>{d.status}</span>
            <span>HTTP {d.statusCode ?? "-"}</span>
            <span>{d.responseMs === null ? "-" : `${d.responseMs} ms`}</span>
            <span>
              {d.attempts} attempt{d.attempts === 1 ? "" : "s"}
            </span>
            <time dateTime={d.createdAt} className="text-slate-300">
              {new Date(d.createdAt).toLocaleString()}
            </time>
            {d.error && <span className="w-full break-words text-slate-300">{d.error}</span>}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <button type="button" className="btn-secondary" aria-disabled={page === 0 || undefined} onClick={() => page > 0 && setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" className="btn-secondary" aria-disabled={page + 1 >= pages || undefined} onClick={() => page + 1 < pages && setPage(page + 1)}>
            Older
          </button>
        </div>
      )}
    </div>
  );
}

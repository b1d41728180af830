import { useState } from "react";
import type { AdminRatingView } from "#read-models/admin/ratings.views.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { allows } from "#src/stores/admin-access.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { showToast } from "#src/stores/toast.ts";
import { useAdminCall } from "./use-admin-call.ts";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import StatusBadge from "./StatusBadge.tsx";
import { StatusFilter } from "./StatusFilter.tsx";
import { AdminSection } from "./AdminSection.tsx";

export const RATINGS_PAGE_SIZE = 20;
// The words of the status badges (and of the screenshots' filter above): "Waiting" here beside a
// "Pending" badge read as two states (issue 47).
const FILTERS = [
  { value: "pending", label: "Pending" },
  { value: "published", label: "Published" },
  { value: "hidden", label: "Hidden" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

/**
 * Buyers' ratings (issue 36), below the review screenshots: those waiting first, then the
 * published or hidden ones. Staff with "ratings" publish, hide and answer publicly; support reads
 * them (the server refuses the change anyway).
 */
export default function RatingsSection() {
  const [status, setStatus] = useState<Filter>("pending");
  const list = usePagedList<AdminRatingView>("/api/admin/ratings", { status }, RATINGS_PAGE_SIZE);
  const rows = list.rows ?? [];
  const canModerate = allows("ratings");
  return (
    <AdminSection id="ratings" title="Buyers' Ratings" className="min-w-0">
      <p className="mt-1 text-sm text-slate-300">
        Stars and comments from shoppers whose order was delivered. Only published ones show on the product pages and in the shop&apos;s rating.
      </p>
      <StatusFilter label="Show ratings" filters={FILTERS} value={status} onChange={setStatus} />
      {!canModerate && (
        <p className="mt-3 text-sm text-slate-300">Your role can read ratings; publishing, hiding and replying need the &quot;ratings&quot; permission.</p>
      )}
      <ListStatus list={list} noun="ratings" spacing="mt-4" empty={`No ${FILTERS.find((f) => f.value === status)?.label.toLowerCase()} ratings.`} />
      {rows.length > 0 && (
        <p className="mt-3 text-sm text-slate-300" aria-live="polite">
          {list.total}
          {list.capped ? "+" : ""} {list.total === 1 ? "rating" : "ratings"}
        </p>
      )}
      <ul className="mt-2 grid gap-3 lg:grid-cols-2" aria-label="Ratings">
        {rows.map((rating) => (
          <li key={rating.id}>
            <RatingCard rating={rating} canModerate={canModerate} onChanged={list.reload} />
          </li>
        ))}
      </ul>
      <Pager label="Ratings pages" page={list.page} pageSize={RATINGS_PAGE_SIZE} total={list.total} onPage={list.setPage} />
    </AdminSection>
  );
}

function RatingCard({ rating, canModerate, onChanged }: { rating: AdminRatingView; canModerate: boolean; onChanged: () => void }) {
  const [reply, setReply] = useState(rating.reply ?? "");
  const { busy, run } = useAdminCall<"moderate">();
  const replyId = `rating-reply-${rating.id}`;

  async function moderate(status: "published" | "hidden") {
    await run("moderate", "Failed to update the rating. Please try again.", async () => {
      await api.patch(`/api/admin/ratings/${encodeURIComponent(rating.id)}`, { status, reply: reply.trim() });
      showToast({ title: status === "published" ? "Rating Published" : "Rating Hidden", description: `${rating.productName}: ${rating.stars} stars` });
      onChanged();
      revalidateAudit();
    });
  }

  return (
    <article className="card space-y-3 p-4" aria-label={`Rating of ${rating.productName}, order #${shortId(rating.orderId)}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="mr-auto min-w-0 font-semibold break-words">{rating.productName}</h3>
        <StatusBadge status={rating.status} />
      </div>
      <p className="text-amber-300" aria-label={`${rating.stars} out of 5 stars`}>
        {"★".repeat(rating.stars)}
        <span className="text-slate-500">{"★".repeat(5 - rating.stars)}</span>
      </p>
      {rating.comment ? (
        <p className="text-sm whitespace-pre-line break-words text-slate-200">{rating.comment}</p>
      ) : (
        <p className="text-sm text-slate-400">No comment.</p>
      )}
      <p className="text-xs text-slate-400">
        Order #{shortId(rating.orderId)} · {formatDateTime(rating.createdAt)}
      </p>
      {canModerate ? (
        <>
          <div>
            <label htmlFor={replyId} className="text-sm font-semibold">
              Public reply (optional)
            </label>
            <textarea id={replyId} className="input mt-1 min-h-16 w-full" value={reply} maxLength={1000} onChange={(e) => setReply(e.target.value)} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary" aria-disabled={busy !== null} onClick={() => void moderate("published")}>
              {rating.status === "published" ? "Save reply" : "Publish"}
            </button>
            {rating.status !== "hidden" && (
              <button type="button" className="btn-secondary" aria-disabled={busy !== null} onClick={() => void moderate("hidden")}>
                Hide
              </button>
            )}
          </div>
        </>
      ) : (
        rating.reply && <p className="text-sm text-slate-300">Reply: {rating.reply}</p>
      )}
    </article>
  );
}

import { useEffect, useRef, useState } from "react";
import type { SubmissionView } from "#read-models/rewards/rewards.views.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { useMediaQuery } from "#src/lib/use-media-query.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { revalidate, revalidateAudit, USERS_KEY } from "#src/stores/admin-ops.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import RatingsSection from "./RatingsSection.tsx";
import StatusBadge from "./StatusBadge.tsx";
import { StatusFilter } from "./StatusFilter.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { REVIEW_APPROVAL_POINTS } from "#domain/rewards/points.ts";

export const REVIEWS_PAGE_SIZE = 20;
const FILTERS = [
  { value: "", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
] as const;

/**
 * Review screenshot submissions, newest first, filtered by status and paged on the server, and the
 * review pane (screenshot, admin notes, Approve / Reject while pending). On a wide screen the pane
 * stands beside the list; on a phone it opens under the tapped submission and scrolls into view.
 */
export default function ReviewsTab() {
  const [status, setStatus] = useState("");
  const list = usePagedList<SubmissionView>("/api/admin/submissions", { status: status || undefined }, REVIEWS_PAGE_SIZE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const wide = useMediaQuery("(min-width: 1024px)");
  const rows = list.rows ?? [];
  const selected = rows.find((s) => s.id === selectedId) ?? null;
  const pane = (submission: SubmissionView) => <ReviewPane key={submission.id} submission={submission} onDecided={list.reload} scrollIntoView={!wide} />;

  return (
    <div className="space-y-12">
      <section aria-labelledby="reviews-heading" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="min-w-0">
          <h2 id="reviews-heading" className="text-xl font-bold">
            Review Submissions
          </h2>
          <StatusFilter label="Show submissions" filters={FILTERS} value={status} onChange={setStatus} />
          <ListStatus list={list} noun="submissions" spacing="mt-4" empty={status ? `No ${status} submissions.` : "No submissions yet."} />
          {rows.length > 0 && (
            <p className="mt-3 text-sm text-slate-300" aria-live="polite">
              {list.total} {status || ""} {list.total === 1 ? "submission" : "submissions"}
            </p>
          )}
          <ul className="mt-2 space-y-2" aria-label="Submissions">
            {rows.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`card flex w-full flex-wrap items-center gap-3 p-3 text-left ${s.id === selectedId ? "ring-2 ring-brand-500" : ""}`}
                  aria-pressed={s.id === selectedId}
                  aria-expanded={wide ? undefined : s.id === selectedId}
                  onClick={() => setSelectedId(s.id === selectedId && !wide ? null : s.id)}
                >
                  <span className="font-mono text-sm">#{shortId(s.id)}</span>
                  <span className="min-w-0 flex-1 text-sm break-all">{s.email ?? s.userId}</span>
                  <StatusBadge status={s.status} />
                  <span className="w-full text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
                </button>
                {!wide && s.id === selectedId && <div className="mt-2">{pane(s)}</div>}
              </li>
            ))}
          </ul>
          <Pager label="Submissions pages" page={list.page} pageSize={REVIEWS_PAGE_SIZE} total={list.total} onPage={list.setPage} />
        </div>
        {wide && (
          <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
            {selected ? pane(selected) : <p className="card p-6 text-center text-slate-300">Select a submission to review it.</p>}
          </div>
        )}
      </section>
      <RatingsSection />
    </div>
  );
}

function ReviewPane({ submission, onDecided, scrollIntoView }: { submission: SubmissionView; onDecided: () => void; scrollIntoView: boolean }) {
  const [notes, setNotes] = useState(submission.adminNotes ?? "");
  const paneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) paneRef.current?.scrollIntoView({ block: "nearest" });
  }, [scrollIntoView]);
  const [busy, setBusy] = useState(false);
  const pending = submission.status === "pending";

  async function decide(status: "approved" | "rejected") {
    setBusy(true);
    try {
      await api.patch(`/api/admin/submissions/${encodeURIComponent(submission.id)}`, { status, adminNotes: notes.trim() === "" ? null : notes.trim() });
      showToast({ title: "Submission Updated", description: `The submission was ${status}` });
      onDecided();
      revalidate(USERS_KEY);
      revalidateAudit();
    } catch (error) {
      toastError(error, "Failed to update submission. Please try again.");
    }
    setBusy(false);
  }

  return (
    <div ref={paneRef} className="card scroll-mt-24 space-y-4 p-4" aria-label="Review pane">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="mr-auto text-lg font-bold">Submission #{shortId(submission.id)}</h3>
        <StatusBadge status={submission.status} />
      </div>
      <p className="text-sm break-all text-slate-300">
        From {submission.email ?? submission.userId} on {formatDateTime(submission.createdAt)}
      </p>
      <a href={submission.screenshotUrl} target="_blank" rel="noreferrer" className="block">
        <img src={submission.screenshotUrl} alt="Review screenshot" className="max-h-96 w-full rounded-lg bg-ink-800 object-contain" />
      </a>
      <div>
        <label htmlFor="admin-notes" className="text-sm font-semibold">
          Admin notes
        </label>
        <textarea id="admin-notes" className="input mt-1 min-h-20 w-full" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div className="flex gap-2">
        <BusyButton
          type="button"
          className="btn-primary"
          busy={busy}
          disabled={!pending}
          aria-describedby="approval-rule"
          onClick={() => void decide("approved")}
        >
          Approve
        </BusyButton>
        <BusyButton
          type="button"
          className="btn bg-red-600 text-white hover:bg-red-700"
          busy={busy}
          disabled={!pending}
          onClick={() => void decide("rejected")}
        >
          Reject
        </BusyButton>
      </div>
      {/* What an approval is for: a reward conditioned on praise would buy fake reviews. Below the buttons, so that on a phone the pane still opens with them in view. */}
      <p className="text-sm text-slate-300" id="approval-rule">
        Approve a real review of this shop, of any rating: one star or five, the shopper earns {REVIEW_APPROVAL_POINTS} points for reviewing, never for praise.
        Reject only a screenshot that is not such a review (another shop&apos;s, someone else&apos;s, or edited).
      </p>
    </div>
  );
}

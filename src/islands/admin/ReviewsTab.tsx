import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { SubmissionView } from "../../../read-models/rewards/rewards.views.ts";
import { formatDateTime, shortId } from "../../lib/admin-ops.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { $submissions, revalidate, revalidateAudit, SUBMISSIONS_KEY, USERS_KEY } from "../../stores/admin-ops.ts";
import { showToast } from "../../stores/toast.ts";
import StatusBadge from "./StatusBadge.tsx";

/** Review screenshot submissions and the review pane (screenshot, admin notes, Approve / Reject while pending). */
export default function ReviewsTab() {
  const submissions = useStore($submissions);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = submissions.data ?? [];
  const selected = list.find((s) => s.id === selectedId) ?? null;

  return (
    <section aria-labelledby="reviews-heading" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <div>
        <h2 id="reviews-heading" className="text-xl font-bold">
          Review Submissions
        </h2>
        {submissions.loading && !submissions.data && <p className="mt-4 text-slate-300">Loading submissions...</p>}
        {submissions.error && !submissions.data && (
          <p className="mt-4 text-red-300" role="alert">
            Submissions could not be loaded.
          </p>
        )}
        {submissions.data && list.length === 0 && <p className="card mt-4 p-6 text-center text-slate-300">No submissions yet.</p>}
        <ul className="mt-4 space-y-2" aria-label="Submissions">
          {list.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={`card flex w-full flex-wrap items-center gap-3 p-3 text-left ${s.id === selectedId ? "ring-2 ring-brand-500" : ""}`}
                aria-pressed={s.id === selectedId}
                onClick={() => setSelectedId(s.id)}
              >
                <span className="font-mono text-sm">#{shortId(s.id)}</span>
                <span className="min-w-0 flex-1 truncate text-sm">{s.email ?? s.userId}</span>
                <StatusBadge status={s.status} />
                <span className="w-full text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div>{selected ? <ReviewPane key={selected.id} submission={selected} /> : <p className="card p-6 text-center text-slate-300">Select a submission to review it.</p>}</div>
    </section>
  );
}

function ReviewPane({ submission }: { submission: SubmissionView }) {
  const [notes, setNotes] = useState(submission.adminNotes ?? "");
  const [busy, setBusy] = useState(false);
  const pending = submission.status === "pending";

  async function decide(status: "approved" | "rejected") {
    setBusy(true);
    try {
      await api.patch(`/api/admin/submissions/${encodeURIComponent(submission.id)}`, { status, adminNotes: notes.trim() === "" ? null : notes.trim() });
      showToast({ title: "Submission Updated", description: `The submission was ${status}` });
      revalidate(SUBMISSIONS_KEY);
      revalidate(USERS_KEY);
      revalidateAudit();
    } catch (error) {
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "Failed to update submission. Please try again.", variant: "destructive" });
    }
    setBusy(false);
  }

  return (
    <div className="card space-y-4 p-4" aria-label="Review pane">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="mr-auto text-lg font-bold">Submission #{shortId(submission.id)}</h3>
        <StatusBadge status={submission.status} />
      </div>
      <p className="text-sm text-slate-300">
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
        <button type="button" className="btn-primary" disabled={!pending || busy} onClick={() => void decide("approved")}>
          Approve
        </button>
        <button type="button" className="btn bg-red-600 text-white hover:bg-red-700" disabled={!pending || busy} onClick={() => void decide("rejected")}>
          Reject
        </button>
      </div>
    </div>
  );
}

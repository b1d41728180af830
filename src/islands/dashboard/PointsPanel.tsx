import { useCallback, useEffect, useId, useState, type SubmitEvent } from "react";
import type { PointsOverviewView } from "#read-models/rewards/rewards.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { readAsDataUrl } from "#src/lib/read-file.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { LoadMore, type LoadMoreState } from "../ui/load-more.tsx";
import { PanelPlaceholder } from "./PanelPlaceholder.tsx";

/** Client-side checks mirror the server's (which decides): an image file of at most 5 MB. */
const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;
const ACCEPTED_TYPES = "image/png,image/jpeg,image/webp,image/gif";

const STATUS_TEXT = { pending: "Pending review", approved: "Approved", rejected: "Rejected" } as const;
const STATUS_STYLE = {
  pending: "border-amber-500/50 bg-amber-500/10 text-amber-200",
  approved: "border-emerald-500/50 bg-emerald-500/10 text-emerald-200",
  rejected: "border-red-500/50 bg-red-500/10 text-red-200",
} as const;

const formatNumber = (n: number) => n.toLocaleString("en-US");
const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

/**
 * The dashboard's Points tab (storefront.md sections 2 and 9): the balance and what it is worth,
 * redeeming whole multiples of 5000 points into store credit, the review screenshot upload with
 * its status, and the points history.
 */
export default function PointsPanel() {
  const ready = useHydrated();
  const id = useId();
  const [data, setData] = useState<PointsOverviewView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [redeemAmount, setRedeemAmount] = useState("5000");
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [busy, setBusy] = useState<"redeem" | "upload" | null>(null);
  const [more, setMore] = useState<LoadMoreState>("idle");

  /** "Show more": the next page of the history, added under what shows (issue 33). */
  async function showMoreHistory() {
    const before = data?.historyNextCursor;
    if (!before) return;
    setMore("loading");
    try {
      const page = await api.getCursorPage<PointsOverviewView["history"][number]>("/api/points/history", { before });
      setData((shown) =>
        shown === null
          ? shown
          : {
              ...shown,
              history: [...shown.history, ...page.rows.filter((e) => !shown.history.some((s) => s.id === e.id))],
              historyNextCursor: page.nextCursor,
            },
      );
      setMore("idle");
    } catch (error) {
      console.error("loading more points history failed", error);
      setMore("failed");
    }
  }

  const load = useCallback(async () => {
    try {
      setData(await api.get<PointsOverviewView>("/api/points"));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorMessage(error, "Could not load your points"));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function redeem(event: SubmitEvent) {
    event.preventDefault();
    const points = Number(redeemAmount);
    const step = data?.pointsPerCreditDollar ?? 5000;
    if (!Number.isInteger(points) || points <= 0 || points % step !== 0) {
      showToast({ title: "Error", description: `Points are redeemed in whole multiples of ${step}`, variant: "destructive" });
      return;
    }
    setBusy("redeem");
    try {
      const result = await api.post<{ credit: string }>("/api/points/redeem", { points });
      showToast({ title: "Points Redeemed", description: `$${result.credit} store credit added to your account` });
      await load();
    } catch (error) {
      toastError(error, "Could not redeem your points");
    }
    setBusy(null);
  }

  async function upload(event: SubmitEvent) {
    event.preventDefault();
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      showToast({ title: "Error", description: "Please choose an image file", variant: "destructive" });
      return;
    }
    if (file.size > MAX_SCREENSHOT_BYTES) {
      showToast({ title: "Error", description: "The screenshot must be at most 5 MB", variant: "destructive" });
      return;
    }
    setBusy("upload");
    try {
      await api.post("/api/trustpilot-submit", { screenshotUrl: await readAsDataUrl(file), userId: null });
      showToast({ title: "Screenshot Submitted", description: `You'll get ${data?.reviewPoints ?? 300} points once it's approved.` });
      setFile(null);
      setFileInputKey((k) => k + 1);
      await load();
    } catch (error) {
      toastError(error, "Failed to upload the screenshot. Please try again.");
    }
    setBusy(null);
  }

  if (!data) {
    return <PanelPlaceholder id={id} title="Points" loading="Loading your points..." error={loadError} />;
  }

  const pending = data.submission?.status === "pending";
  return (
    <section className="card space-y-6 p-6" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Points
        </h2>
        <p className="mt-3 text-3xl font-extrabold" data-testid="points-balance">
          {formatNumber(data.points)} points
        </p>
        <p className="text-sm text-slate-300">
          Worth <span data-testid="points-value">${data.value}</span> in store credit · Store credit:{" "}
          <span data-testid="store-credit">${data.storeCredit}</span>
        </p>
        {data.onHold && (
          <p className="mt-3 rounded border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-100" data-testid="balance-on-hold">
            Your store credit and points are on hold pending a review of your account. You can still pay for orders at checkout; contact support if you have a
            question.
          </p>
        )}
      </div>

      <form onSubmit={redeem} className="space-y-2">
        <label htmlFor={`${id}-redeem`} className="block text-sm font-medium">
          Points to redeem
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-redeem`}
            type="number"
            inputMode="numeric"
            min={data.pointsPerCreditDollar}
            step={data.pointsPerCreditDollar}
            className="input"
            value={redeemAmount}
            onChange={(e) => setRedeemAmount(e.target.value)}
          />
          <BusyButton type="submit" className="btn-primary shrink-0" busy={busy !== null} disabled={!ready || data.redeemablePoints === 0}>
            {busy === "redeem" ? "Redeeming..." : "Redeem"}
          </BusyButton>
        </div>
        <p className="text-xs text-slate-400">
          {formatNumber(data.pointsPerCreditDollar)} points = $1.00 store credit.{" "}
          {data.redeemablePoints > 0
            ? `You can redeem up to ${formatNumber(data.redeemablePoints)} points.`
            : `Collect ${formatNumber(data.pointsPerCreditDollar)} points to redeem.`}
        </p>
      </form>

      <form onSubmit={upload} className="space-y-2 border-t border-ink-700 pt-5">
        <h3 className="font-semibold">Review screenshot</h3>
        <p className="text-sm text-slate-300">
          Leave us a review on Trustpilot and upload a screenshot of it: you earn {data.reviewPoints} points once it's approved.
        </p>
        {/* The reward is for reviewing, never for praise (issue 47): said where it is offered. */}
        <p className="text-sm text-slate-300" data-testid="review-reward-any-rating">
          Any honest review counts, good or bad: the points are the same whatever stars you give.
        </p>
        {data.submission && (
          <div className="flex items-center gap-3 text-sm">
            <a href={data.submission.screenshotUrl} target="_blank" rel="noopener" className="shrink-0">
              <img src={data.submission.screenshotUrl} alt="Your review screenshot" className="h-12 w-12 rounded border border-ink-700 object-cover" />
            </a>
            <span>
              Your screenshot of {formatDate(data.submission.createdAt)}:{" "}
              <span className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[data.submission.status]}`} data-testid="submission-status">
                {STATUS_TEXT[data.submission.status]}
              </span>
            </span>
          </div>
        )}
        {pending ? (
          <p className="text-sm text-slate-400">You can upload another screenshot once this one has been reviewed.</p>
        ) : (
          <>
            <label htmlFor={`${id}-screenshot`} className="block text-sm font-medium">
              Screenshot image
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <input
                key={fileInputKey}
                id={`${id}-screenshot`}
                type="file"
                accept={ACCEPTED_TYPES}
                className="input file:mr-3 file:rounded file:border-0 file:bg-ink-700 file:px-2 file:py-1 file:text-slate-100"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
              <BusyButton type="submit" className="btn-secondary shrink-0" busy={busy !== null} disabled={!ready || !file}>
                {busy === "upload" ? "Uploading..." : "Upload screenshot"}
              </BusyButton>
            </div>
            <p className="text-xs text-slate-400">PNG, JPEG, WebP or GIF, up to 5 MB.</p>
          </>
        )}
      </form>

      <div className="border-t border-ink-700 pt-5">
        <h3 className="font-semibold">History</h3>
        {data.history.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">No points yet. Earn points with purchases, an approved review screenshot and referrals.</p>
        ) : (
          <ul className="mt-2 divide-y divide-ink-700 text-sm" aria-label="Points history">
            {data.history.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-4 py-2">
                <span>
                  {entry.label}
                  <span className="block text-xs text-slate-400">{formatDate(entry.createdAt)}</span>
                </span>
                <span className={`font-semibold tabular-nums ${entry.amount > 0 ? "text-emerald-300" : "text-red-300"}`}>
                  {entry.amount > 0 ? "+" : "−"}
                  {formatNumber(Math.abs(entry.amount))}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data.historyNextCursor !== null && (
          <LoadMore
            className="mt-3"
            state={more}
            ready={ready}
            onMore={() => void showMoreHistory()}
            label="Show more history"
            loadingLabel="Loading history..."
            failedText="Older points history could not be loaded. Please try again."
          />
        )}
      </div>
    </section>
  );
}

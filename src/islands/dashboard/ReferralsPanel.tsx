import { useEffect, useId, useRef, useState } from "react";
import type { ReferralsView } from "#read-models/rewards/rewards.views.ts";
import { api, errorMessage } from "#src/lib/api-client.ts";
import { useHydrated } from "#src/lib/use-hydrated.ts";
import { showToast } from "#src/stores/toast.ts";
import { PanelPlaceholder } from "./PanelPlaceholder.tsx";

const formatNumber = (n: number) => n.toLocaleString("en-US");

/**
 * The dashboard's Referrals tab (storefront.md section 9): the shopper's own link with a copy
 * button, how many referrals succeeded (a friend's first completed order) and the progress to the
 * next 5000-point bonus, given for each 10 successful referrals.
 */
export default function ReferralsPanel() {
  const ready = useHydrated();
  const id = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const [data, setData] = useState<ReferralsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    api
      .get<ReferralsView>("/api/referrals")
      .then(setData)
      .catch((error: unknown) => setLoadError(errorMessage(error, "Could not load your referrals")));
  }, []);

  async function copy() {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.link);
      showToast({ title: "Link Copied", description: "Share it with your friends!" });
    } catch {
      // No clipboard permission (e.g. an insecure origin): select it so the shopper can copy by hand.
      linkRef.current?.select();
      showToast({ title: "Copy the link", description: "Press Ctrl+C (or Cmd+C) to copy the selected link." });
    }
  }

  if (!data) {
    return <PanelPlaceholder id={id} title="Referrals" loading="Loading your referral link..." error={loadError} />;
  }

  const percent = Math.round((data.towardsNextBonus / data.referralsPerBonus) * 100);
  return (
    <section className="card space-y-6 p-6" aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Referrals
        </h2>
        <p className="mt-2 text-sm text-slate-300">
          Invite friends with your link. When a friend completes their first order, that's a successful referral; every {data.referralsPerBonus} successful
          referrals earn you {formatNumber(data.bonusPoints)} bonus points.
        </p>
      </div>

      <div className="space-y-2">
        <label htmlFor={`${id}-link`} className="block text-sm font-medium">
          Your referral link
        </label>
        <div className="flex gap-2">
          <input ref={linkRef} id={`${id}-link`} type="text" readOnly className="input" value={data.link} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn-primary shrink-0" onClick={copy} disabled={!ready}>
            Copy link
          </button>
        </div>
        <p className="text-xs text-slate-400">
          Your code: <span className="font-mono font-semibold text-slate-200">{data.code}</span>
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div className="rounded-lg border border-ink-700 p-3">
          <dt className="text-slate-400">Successful referrals</dt>
          <dd className="text-2xl font-bold" data-testid="successful-referrals">
            {data.successfulReferrals}
          </dd>
        </div>
        <div className="rounded-lg border border-ink-700 p-3">
          <dt className="text-slate-400">Friends signed up</dt>
          <dd className="text-2xl font-bold" data-testid="referral-signups">
            {data.signups}
          </dd>
        </div>
      </dl>

      <div className="space-y-2">
        <div className="flex justify-between text-sm">
          <span id={`${id}-progress`}>Progress to your next bonus</span>
          <span className="tabular-nums">
            {data.towardsNextBonus} / {data.referralsPerBonus}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`${id}-progress`}
          aria-valuemin={0}
          aria-valuemax={data.referralsPerBonus}
          aria-valuenow={data.towardsNextBonus}
          className="h-3 overflow-hidden rounded-full bg-ink-800"
        >
          <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="text-xs text-slate-400">
          {data.nextBonusIn === 1 ? "1 more successful referral" : `${data.nextBonusIn} more successful referrals`} until your next{" "}
          {formatNumber(data.bonusPoints)}-point bonus.
          {data.bonusesEarned > 0 && ` Bonuses earned so far: ${data.bonusesEarned}.`}
        </p>
      </div>
    </section>
  );
}

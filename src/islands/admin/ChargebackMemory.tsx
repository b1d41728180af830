import { useCallback, useEffect, useId, useState, type SubmitEvent } from "react";
import { formatCents } from "#domain/shared/money.ts";
import type { ChargebackReportView, FrozenAccountView } from "#read-models/risk/chargebacks.views.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { allows } from "#src/stores/admin-access.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import Pager from "./Pager.tsx";

const MONTH_COLUMNS = ["Month", "Disputes", "Reversals", "Won", "Lost", "Open", "Money lost"] as const;

const PAGE = 20;
const RESULT_TEXT = { open: "Open", won: "Won", lost: "Lost", resolved: "Ended" } as const;
const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", timeZone: "UTC" });

/**
 * Chargeback memory in the Risk view (issue 37): the accounts whose store credit and points are on
 * hold since a dispute or reversal (owners and managers clear a hold with a note), and disputes and
 * reversals per month over the last twelve months with their outcome and the money lost.
 */
export default function ChargebackMemory() {
  const [report, setReport] = useState<ChargebackReportView | null | "error">(null);
  const [page, setPage] = useState(0);
  const load = useCallback(async () => {
    try {
      setReport(await api.get<ChargebackReportView>("/api/admin/risk/disputes", { limit: PAGE, offset: page * PAGE }));
    } catch {
      setReport("error");
    }
  }, [page]);
  useEffect(() => void load(), [load]);

  if (report === null) return <p className="mt-6 text-slate-400">Loading disputes…</p>;
  if (report === "error") return <p className="mt-6 text-red-300">Could not load the disputes.</p>;
  return (
    <>
      <FrozenAccounts accounts={report.frozen} onCleared={load} />
      <section className="mt-8" aria-labelledby="disputes-heading">
        <h3 id="disputes-heading" className="text-lg font-bold">
          Disputes per month
        </h3>
        {report.months.length === 0 ? (
          <p className="mt-2 text-slate-400">No dispute or reversal in the last twelve months.</p>
        ) : (
          // Focusable and named, so a keyboard can scroll the table sideways on a phone.
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="disputes-heading">
            <table className="w-full min-w-[32rem] text-left text-sm" data-testid="disputes-by-month">
              <thead className="text-slate-300">
                <tr>
                  {MONTH_COLUMNS.map((name) => (
                    <th key={name} scope="col" className="py-1 pr-3">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.months.map((m) => (
                  <tr key={m.month} className="border-t border-slate-700">
                    <th scope="row" className="py-1 pr-3 font-semibold">
                      {monthName(m.month)}
                    </th>
                    <td className="py-1 pr-3">{m.disputes}</td>
                    <td className="py-1 pr-3">{m.reversals}</td>
                    <td className="py-1 pr-3">{m.won}</td>
                    <td className="py-1 pr-3">{m.lost}</td>
                    <td className="py-1 pr-3">{m.open}</td>
                    <td className="py-1 pr-3">${formatCents(m.lostCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <ul className="mt-3 space-y-2" aria-label="Disputes and reversals, newest first">
          {report.chargebacks.map((c) => (
            <li key={`${c.orderId}-${c.kind}`} className="card flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3 text-sm">
              <span className="font-mono font-bold">#{shortId(c.orderId)}</span>
              <span>{c.kind === "dispute" ? "Dispute" : "Reversal"}</span>
              <span className="text-slate-300">{formatDateTime(c.at)}</span>
              <span className="break-all text-slate-300">{c.email ?? "deleted account"}</span>
              <span className="ml-auto font-semibold">
                {RESULT_TEXT[c.result]} · ${formatCents(c.amountCents)}
              </span>
            </li>
          ))}
        </ul>
        <Pager label="Disputes pages" page={page} pageSize={PAGE} total={report.total} onPage={setPage} />
      </section>
    </>
  );
}

function FrozenAccounts({ accounts, onCleared }: { accounts: FrozenAccountView[]; onCleared: () => Promise<void> }) {
  const mayClear = allows("risk");
  return (
    <section className="mt-8" aria-labelledby="frozen-heading">
      <h3 id="frozen-heading" className="text-lg font-bold">
        Balances on hold
      </h3>
      <p className="mt-1 text-sm text-slate-400">Store credit and points of accounts with a dispute or reversal stay on hold until cleared.</p>
      {accounts.length === 0 ? (
        <p className="mt-2 text-slate-400">No account is on hold.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {accounts.map((a) => (
            <li key={a.userId} className="card p-3 text-sm" data-frozen-account={a.userId}>
              <p className="break-all font-semibold">{a.email ?? "deleted account"}</p>
              <p className="text-slate-300">
                On hold since {formatDateTime(a.frozenAt)} (order #{shortId(a.orderId)})
              </p>
              {mayClear && <ClearHold account={a} onCleared={onCleared} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ClearHold({ account, onCleared }: { account: FrozenAccountView; onCleared: () => Promise<void> }) {
  const id = useId();
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !note.trim()) return;
    setBusy(true);
    try {
      await api.post(`/api/admin/users/${encodeURIComponent(account.userId)}/risk-freeze`, { action: "clear", note });
      showToast({ title: "Hold Cleared", description: `${account.email ?? "The account"} can use store credit and points again` });
      revalidateAudit();
      await onCleared();
    } catch (error) {
      toastError(error, "Failed to clear the hold. Please try again.");
    }
    setBusy(false);
  }
  return (
    <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-note`} className="block text-xs font-medium text-slate-300">
          Why the hold is cleared
        </label>
        <input id={`${id}-note`} className="input w-full" required maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <button type="submit" className="btn-secondary" aria-disabled={busy || !note.trim()}>
        Clear hold
      </button>
    </form>
  );
}

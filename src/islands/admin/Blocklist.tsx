import { useState, type FormEvent } from "react";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { allows } from "#src/stores/admin-access.ts";
import { refreshDeliveryQueue } from "#src/stores/delivery-queue.ts";
import { showToast } from "#src/stores/toast.ts";
import { BusyButton } from "../ui/busy-button.tsx";
import { useAdminCall } from "./use-admin-call.ts";
import Pager from "./Pager.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { Options } from "./Options.tsx";

/** An entry as GET /api/admin/blocklist lists it (src/pages/api/admin/blocklist.ts's blockJson). */
interface BlockView {
  id: string;
  kind: BlockKindValue;
  value: string;
  note: string;
  expiresAt: string | null;
  createdAt: string;
}
type BlockKindValue = "email" | "email_domain" | "roblox_username" | "payer_id" | "ip";
export type BlockPrefill = { kind: BlockKindValue; value: string } | null;

const KINDS: { value: BlockKindValue; label: string }[] = [
  { value: "email", label: "Email" },
  { value: "email_domain", label: "Email domain" },
  { value: "roblox_username", label: "Roblox username" },
  { value: "payer_id", label: "PayPal payer id" },
  { value: "ip", label: "Address or range (IP, CIDR)" },
];
const PAGE_SIZE = 20;
const labelOf = (kind: BlockKindValue) => KINDS.find((k) => k.value === kind)?.label ?? kind;

/** "Block…" on an order: opens the blocklist with the order's Roblox username filled in. */
export function BlockButton({ order, onBlock }: { order: { id: string; robloxUsername: string }; onBlock: (prefill: BlockPrefill) => void }) {
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={() => onBlock({ kind: "roblox_username", value: order.robloxUsername })}
      aria-label={`Block the Roblox username of order ${shortId(order.id)}`}
    >
      Block…
    </button>
  );
}

/**
 * The blocklist (issue 37), paged on the server: owners and managers add an entry (with a note and an
 * optional expiry; the party's open orders are held) and delete one; support staff read. Opened from
 * the Orders tab's views, from a held order in the Risk queue and from an order (prefilled).
 */
export default function Blocklist({ prefill = null }: { prefill?: BlockPrefill }) {
  const list = usePagedList<BlockView>("/api/admin/blocklist", {}, PAGE_SIZE);
  const mayEdit = allows("risk");
  const [kind, setKind] = useState<BlockKindValue>(prefill?.kind ?? "roblox_username");
  const [value, setValue] = useState(prefill?.value ?? "");
  const [note, setNote] = useState("");
  const [expires, setExpires] = useState("");
  const { busy, run } = useAdminCall();

  async function add(event: FormEvent) {
    event.preventDefault();
    await run("add", "Could not add the entry. Please check the value.", async () => {
      const expiresAt = expires ? new Date(`${expires}T23:59:59`).toISOString() : null;
      const added = await api.post<{ heldOrders: string[] }>("/api/admin/blocklist", { kind, value, note, expiresAt });
      const held = added.heldOrders.length;
      showToast({ title: "Blocked", description: held ? `${held} open order${held === 1 ? " was" : "s were"} held for review` : "No open order was affected" });
      setValue("");
      setNote("");
      setExpires("");
      revalidateAudit();
      void refreshDeliveryQueue();
      list.reload();
    });
  }

  async function remove(entry: BlockView) {
    await run(entry.id, "Could not remove the entry. Please try again.", async () => {
      await api.delete(`/api/admin/blocklist/${encodeURIComponent(entry.id)}`);
      showToast({ title: "Entry removed", description: `${labelOf(entry.kind)} ${entry.value} is no longer blocked` });
      revalidateAudit();
      list.reload();
    });
  }

  return (
    <AdminSection id="blocklist" title="Blocklist">
      {mayEdit && (
        <form className="card mt-4 grid gap-3 p-4 sm:grid-cols-2" onSubmit={(e) => void add(e)} aria-label="Add to the blocklist">
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">Kind</span>
            <select className="input" value={kind} onChange={(e) => setKind(e.target.value as BlockKindValue)}>
              <Options choices={KINDS} />
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">Value</span>
            <input className="input" required maxLength={320} value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">Note (why)</span>
            <input className="input" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">Expires (optional)</span>
            <input className="input" type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </label>
          <div className="sm:col-span-2">
            <BusyButton type="submit" className="btn-primary" busy={busy === "add"}>
              Block
            </BusyButton>
          </div>
        </form>
      )}
      {list.rows === null ? (
        <p className="mt-4 text-slate-400">Loading…</p>
      ) : list.failed && list.rows.length === 0 ? (
        <p className="mt-4 text-red-300">Could not load the blocklist.</p>
      ) : list.rows.length === 0 ? (
        <p className="mt-4 text-slate-400">Nobody is blocked.</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {list.rows.map((entry) => (
            <li key={entry.id} className="card flex flex-wrap items-baseline gap-x-3 gap-y-1 p-3" data-block={entry.value}>
              <span className="text-sm text-slate-300">{labelOf(entry.kind)}</span>
              <span className="break-all font-mono text-sm font-bold">{entry.value}</span>
              <span className="text-sm text-slate-300">
                {entry.expiresAt ? `until ${formatDateTime(entry.expiresAt)}` : "no expiry"} · added {formatDateTime(entry.createdAt)}
              </span>
              {entry.note && <span className="w-full break-words text-sm text-slate-200">{entry.note}</span>}
              {mayEdit && (
                <BusyButton
                  type="button"
                  className="ml-auto rounded-lg px-3 py-1 text-sm font-semibold text-red-200 ring-1 ring-red-400/60 hover:bg-red-500/20"
                  busy={busy === entry.id}
                  onClick={() => void remove(entry)}
                  aria-label={`Remove ${entry.value} from the blocklist`}
                >
                  Remove
                </BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager label="Blocklist pages" page={list.page} pageSize={PAGE_SIZE} total={list.total} onPage={list.setPage} />
    </AdminSection>
  );
}

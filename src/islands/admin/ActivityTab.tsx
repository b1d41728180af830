import { useState } from "react";
import { AUDIT_KINDS } from "#domain/audit/audit-entry.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { auditChanges, auditEntityName, auditKindLabel } from "#src/lib/audit-view.ts";
import { useFetchedPage } from "#src/lib/use-fetched-page.ts";
import type { AuditPage } from "#src/stores/admin-ops.ts";
import FilterSelect from "./FilterSelect.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import { AdminSection } from "./AdminSection.tsx";

const PAGE_SIZE = 25;

/** The audit trail (GET /api/admin/audit): who changed what, when, before and after; filters by kind and admin. */
export default function ActivityTab() {
  const [kind, setKind] = useState("");
  const [adminId, setAdminId] = useState("");
  const audit = useFetchedPage<AuditPage>("/api/admin/audit", { kind: kind || undefined, adminId: adminId || undefined }, PAGE_SIZE);
  const data = audit.data;

  return (
    <AdminSection
      id="activity"
      title="Activity"
      alignTools="end"
      tools={
        <>
          <FilterSelect
            label="Kind"
            value={kind}
            allLabel="All changes"
            options={AUDIT_KINDS.map((k) => ({ value: k, label: auditKindLabel(k) }))}
            onChange={(value) => {
              setKind(value);
              audit.setPage(1);
            }}
          />
          <FilterSelect
            label="Admin"
            value={adminId}
            allLabel="All admins"
            options={(data?.admins ?? []).map((a) => ({ value: a.id, label: a.email }))}
            onChange={(value) => {
              setAdminId(value);
              audit.setPage(1);
            }}
          />
        </>
      }
    >
      <ListStatus list={{ rows: data?.entries, failed: audit.failed }} noun="activity" empty="No changes recorded." />
      <ul className="mt-6 space-y-2" aria-label="Admin activity">
        {data?.entries.map((e) => (
          <li key={e.id} className="card p-3 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-semibold">{auditKindLabel(e.kind)}</span>
              <span className="text-xs text-slate-400">{formatDateTime(e.at)}</span>
            </p>
            <p className="mt-0.5 break-words text-slate-100" title={e.entityId}>
              {auditEntityName(e.before, e.after) ?? `#${shortId(e.entityId)}`}
            </p>
            <p className="break-all text-xs text-slate-400">by {e.admin.email}</p>
            <Changes before={e.before} after={e.after} />
          </li>
        ))}
      </ul>
      {data && <Pager label="Activity pages" total={data.total} {...audit.pager} />}
    </AdminSection>
  );
}

/** Before and after as the fields that changed, each on its own row (a phone reads them top down). */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return null;
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-slate-300">
        {changes.length} {changes.length === 1 ? "change" : "changes"}
      </summary>
      <dl className="mt-2 space-y-1 rounded bg-ink-800 p-2 text-xs">
        {changes.map((c) => (
          <div key={c.field} className="grid grid-cols-1 gap-x-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="font-semibold text-slate-300">{c.field}</dt>
            <dd className="break-words">
              <span className="text-slate-400 line-through decoration-slate-500">{c.before}</span> <span aria-hidden="true">→</span>
              <span className="sr-only">changed to</span> <span className="text-white">{c.after}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

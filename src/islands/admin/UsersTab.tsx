import { useEffect, useState } from "react";
import type { AdminUserView } from "#read-models/rewards/rewards.views.ts";
import { twoDecimals, validCreditAmount } from "#src/lib/admin-ops.ts";
import { api } from "#src/lib/api-client.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { revalidate, revalidateAudit, USERS_KEY } from "#src/stores/admin-ops.ts";
import { showToast } from "#src/stores/toast.ts";
import { useAdminCall } from "./use-admin-call.ts";
import Pager from "./Pager.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { ListStatus } from "./ListStatus.tsx";
import { AdminSection } from "./AdminSection.tsx";

export const USERS_PAGE_SIZE = 25;

/**
 * Users with the Admin badge, points and store credit, searched on the server by email or Roblox
 * username as the admin types, a page at a time, and the store credit manager. The email has its own
 * line, whole: credit goes to the person the admin reads.
 */
export default function UsersTab() {
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), 300);
    return () => clearTimeout(timer);
  }, [query]);
  const users = usePagedList<AdminUserView>("/api/admin/users", { q: search || undefined }, USERS_PAGE_SIZE);
  const [managing, setManaging] = useState<string | null>(null);
  const list = users.rows ?? [];

  return (
    <AdminSection
      id="users"
      title="Users"
      tools={
        <>
          <label htmlFor="users-search" className="sr-only">
            Search users by email
          </label>
          <input
            id="users-search"
            type="search"
            className="input w-full sm:w-72"
            placeholder="Search by email or username"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </>
      }
    >
      <ListStatus list={users} noun="users" empty="No users found." />
      {list.length > 0 && (
        <p className="mt-4 text-sm text-slate-300" aria-live="polite">
          {users.total.toLocaleString("en-US")}
          {users.capped ? "+" : ""} {users.total === 1 && !users.capped ? "user" : "users"}
          {search ? " found" : ""}
        </p>
      )}
      <ul className="mt-3 space-y-2" aria-label="Users">
        {list.map((user) => (
          <li key={user.id} className="card p-3" aria-label={user.email}>
            <p className="font-semibold break-all">
              {user.email}
              {user.isAdmin === 1 && <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Admin</span>}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
              {user.robloxUsername && <p className="text-sm break-all text-slate-300">{user.robloxUsername}</p>}
              <p className="text-sm">{user.points} points</p>
              <p className="text-sm">
                Store credit: <span className="font-semibold">${twoDecimals(user.storeCredit)}</span>
              </p>
              <button
                type="button"
                className="btn-secondary ml-auto"
                aria-label={`Manage credit of ${user.email}`}
                aria-expanded={managing === user.id}
                onClick={() => setManaging(managing === user.id ? null : user.id)}
              >
                Manage Credit
              </button>
            </div>
            {managing === user.id && (
              <StoreCreditManager
                user={user}
                onDone={() => {
                  setManaging(null);
                  users.reload();
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <Pager label="Users pages" page={users.page} pageSize={USERS_PAGE_SIZE} total={users.total} capped={users.capped} onPage={users.setPage} />
    </AdminSection>
  );
}

function StoreCreditManager({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [operation, setOperation] = useState<"add" | "set">("add");
  const { busy, run } = useAdminCall<"save">();

  async function save() {
    await run("save", "Failed to update store credit.", async () => {
      const updated = await api.patch<AdminUserView>(`/api/admin/users/${encodeURIComponent(user.id)}/store-credit`, { amount: amount.trim(), operation });
      showToast({ title: "Store Credit Updated", description: `${user.email} now has $${twoDecimals(updated.storeCredit)} store credit` });
      revalidate(USERS_KEY);
      revalidateAudit();
      onDone();
    });
  }

  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-3 border-t border-ink-700 pt-3"
      aria-label={`Store credit for ${user.email}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (validCreditAmount(amount)) void save();
      }}
    >
      <label className="flex flex-col gap-1 text-sm">
        Amount
        <input className="input w-32" type="number" min="0" step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="sr-only">Operation</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name={`op-${user.id}`} checked={operation === "add"} onChange={() => setOperation("add")} /> Add to existing credit
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name={`op-${user.id}`} checked={operation === "set"} onChange={() => setOperation("set")} /> Set total credit
        </label>
      </fieldset>
      <BusyButton type="submit" className="btn-primary" busy={busy !== null} disabled={!validCreditAmount(amount)}>
        Update Credit
      </BusyButton>
    </form>
  );
}

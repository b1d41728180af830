import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { AdminUserView } from "../../../read-models/rewards/rewards.views.ts";
import { matches, twoDecimals, validCreditAmount } from "../../lib/admin-ops.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { $users, revalidate, revalidateAudit, USERS_KEY } from "../../stores/admin-ops.ts";
import { showToast } from "../../stores/toast.ts";

/** Users with the Admin badge, points and store credit, searched by email, and the store credit manager. */
export default function UsersTab() {
  const users = useStore($users);
  const [query, setQuery] = useState("");
  const [managing, setManaging] = useState<string | null>(null);
  const list = (users.data ?? []).filter((u) => matches(u.email, query));

  return (
    <section aria-labelledby="users-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="users-heading" className="mr-auto text-xl font-bold">
          Users
        </h2>
        <label htmlFor="users-search" className="sr-only">
          Search users by email
        </label>
        <input id="users-search" type="search" className="input w-full sm:w-72" placeholder="Search by email" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      {users.loading && !users.data && <p className="mt-6 text-slate-300">Loading users...</p>}
      {users.error && !users.data && (
        <p className="mt-6 text-red-300" role="alert">
          Users could not be loaded.
        </p>
      )}
      {users.data && list.length === 0 && <p className="card mt-6 p-6 text-center text-slate-300">No users found.</p>}
      <ul className="mt-6 space-y-2" aria-label="Users">
        {list.map((user) => (
          <li key={user.id} className="card p-3" aria-label={user.email}>
            <div className="flex flex-wrap items-center gap-3">
              <p className="min-w-0 flex-1 truncate font-semibold">
                {user.email}
                {user.isAdmin === 1 && <span className="ml-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Admin</span>}
              </p>
              {user.robloxUsername && <p className="text-sm text-slate-300">{user.robloxUsername}</p>}
              <p className="text-sm">{user.points} points</p>
              <p className="text-sm">
                Store credit: <span className="font-semibold">${twoDecimals(user.storeCredit)}</span>
              </p>
              <button type="button" className="btn-secondary" aria-expanded={managing === user.id} onClick={() => setManaging(managing === user.id ? null : user.id)}>
                Manage Credit
              </button>
            </div>
            {managing === user.id && <StoreCreditManager user={user} onDone={() => setManaging(null)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function StoreCreditManager({ user, onDone }: { user: AdminUserView; onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [operation, setOperation] = useState<"add" | "set">("add");
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    try {
      const updated = await api.patch<AdminUserView>(`/api/admin/users/${encodeURIComponent(user.id)}/store-credit`, { amount: amount.trim(), operation });
      showToast({ title: "Store Credit Updated", description: `${user.email} now has $${twoDecimals(updated.storeCredit)} store credit` });
      revalidate(USERS_KEY);
      revalidateAudit();
      onDone();
    } catch (error) {
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "Failed to update store credit.", variant: "destructive" });
    }
    setBusy(false);
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
      <button type="submit" className="btn-primary" disabled={busy || !validCreditAmount(amount)}>
        Update Credit
      </button>
    </form>
  );
}

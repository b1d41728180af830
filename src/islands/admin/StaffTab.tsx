import { useEffect, useId, useState, type FormEvent } from "react";
import { STAFF_ROLES, type StaffRole } from "#domain/accounts/staff-roles.ts";
import type { StaffView } from "#read-models/admin/staff.views.ts";
import { api } from "#src/lib/api-client.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import ConfirmDialog from "./ConfirmDialog.tsx";
import { BusyButton } from "../ui/busy-button.tsx";
import { AdminSection } from "./AdminSection.tsx";
import { Options } from "./Options.tsx";

const ROLE_HELP: Record<StaffRole, string> = {
  owner: "everything, including staff",
  manager: "catalogue, orders, refunds, codes, credit, reviews, support, analytics",
  support: "orders, chats, item requests and reviews; nothing that moves money",
};

/** Owners only (issue 20): who is staff, with which role; add an account or invite an address, change a role, remove. */
export default function StaffTab() {
  const [staff, setStaff] = useState<StaffView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<StaffRole>("support");
  const [direct, setDirect] = useState(false);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<StaffView | null>(null);
  const id = useId();

  useEffect(() => {
    api.get<StaffView[]>("/api/admin/staff").then(setStaff, () => setFailed(true));
  }, []);

  async function change(work: () => Promise<StaffView[]>, done: string | ((staff: StaffView[]) => string)) {
    setBusy(true);
    try {
      const next = await work();
      setStaff(next);
      showToast({ title: "Staff updated", description: typeof done === "string" ? done : done(next) });
      return true;
    } catch (error) {
      toastError(error, "Staff could not be updated");
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    const said = (list: StaffView[]) =>
      list.find((m) => m.email === address)?.invitationPending ? `We emailed ${address} an invitation to join as ${role}` : `${address} is now ${role}`;
    if (await change(() => api.post<StaffView[]>("/api/admin/staff", { email, role, ...(direct ? { direct: true } : {}) }), said)) {
      setEmail("");
      setDirect(false);
    }
  }

  return (
    <AdminSection id="staff" title="Staff">
      <p className="mt-1 text-sm text-slate-300">
        A role goes to a mailbox, not to a password: the address gets an invitation by email, and the role takes effect when its link is followed, which sets
        the password anew and signs the account out everywhere. A new role signs the person out everywhere too.
      </p>
      <form onSubmit={add} className="card mt-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} className="input" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            <Options choices={STAFF_ROLES} />
          </select>
        </div>
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {direct ? "Give the role now" : "Send invitation"}
        </BusyButton>
      </form>
      <label className="mt-2 flex items-start gap-2 text-sm text-slate-300">
        <input type="checkbox" className="mt-1" checked={direct} onChange={(e) => setDirect(e.target.checked)} />
        <span>Give the role now, without an invitation: only for an account whose address is verified and which has two-factor sign-in on.</span>
      </label>
      <p className="mt-2 text-xs text-slate-400">{`${role}: ${ROLE_HELP[role]}`}</p>
      {!staff && !failed && (
        <p className="mt-6 text-slate-300" role="status">
          Loading staff...
        </p>
      )}
      {failed && (
        <p className="mt-6 text-red-300" role="alert">
          Staff could not be loaded.
        </p>
      )}
      <ul className="mt-6 space-y-2" aria-label="Staff members">
        {staff?.map((member) => (
          <li key={member.id} className="card flex flex-col gap-2 p-3 sm:flex-row sm:items-center" aria-label={member.email}>
            <p className="min-w-0 flex-1 break-all font-semibold">
              {member.email}
              {member.invitationPending && <span className="ml-2 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-200">Invited</span>}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <span className="sr-only">Role of {member.email}</span>
              <select
                className="input"
                value={member.role}
                disabled={busy}
                onChange={(e) =>
                  void change(
                    () => api.patch<StaffView[]>(`/api/admin/staff/${encodeURIComponent(member.id)}`, { role: e.target.value }),
                    `${member.email} is now ${e.target.value}`,
                  )
                }
              >
                <Options choices={STAFF_ROLES} />
              </select>
            </label>
            <BusyButton type="button" className="btn-secondary" busy={busy} onClick={() => setRemoving(member)}>
              Remove
            </BusyButton>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from staff?"
        description={`${removing?.email ?? ""} becomes a plain shopper again and is signed out everywhere. Their orders and balances stay.`}
        confirmLabel="Remove"
        busy={busy}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={() => {
          const member = removing!;
          void change(() => api.delete<StaffView[]>(`/api/admin/staff/${encodeURIComponent(member.id)}`), `${member.email} is no longer staff`).then(() =>
            setRemoving(null),
          );
        }}
      />
    </AdminSection>
  );
}

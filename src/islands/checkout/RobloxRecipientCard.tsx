import type { RecipientCheck } from "./use-roblox-recipient.ts";

/**
 * "Is this you?": the account Roblox knows by the typed name, with its avatar and display name, so
 * a child who mistyped a letter sees a stranger's avatar before paying. Refusals are the field's
 * error (RobloxUsernameField); this shows the found account, the check in progress, and "not checked".
 */
export function RobloxRecipientCard({ check }: { check: RecipientCheck }) {
  if (check.state === "checking") {
    return (
      <p className="mt-2 text-xs text-slate-400" role="status">
        Looking for this account on Roblox…
      </p>
    );
  }
  if (check.state === "unchecked") {
    return (
      <p className="mt-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100" role="status">
        We could not check this name with Roblox just now. You can still order: your order is marked "not checked" and our staff confirm the account before
        delivering.
      </p>
    );
  }
  if (check.state !== "found") return null;
  return (
    <figure className="mt-3 flex items-center gap-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-3" role="status" aria-label="Is this you?">
      {check.avatarUrl ? (
        <img src={check.avatarUrl} alt={`Avatar of ${check.displayName}`} width={48} height={48} className="h-12 w-12 shrink-0 rounded-full bg-slate-700" />
      ) : (
        <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded-full bg-slate-700" />
      )}
      <figcaption className="min-w-0 text-sm">
        <span className="block font-bold">Is this you?</span>
        <span className="block truncate">
          {check.displayName} <span className="text-slate-400">@{check.name}</span>
        </span>
        <span className="block text-xs text-slate-400">Roblox user id {check.id}: we deliver to this account.</span>
      </figcaption>
    </figure>
  );
}

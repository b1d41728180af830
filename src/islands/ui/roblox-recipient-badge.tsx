import type { OrderView } from "#read-models/shopping/shopping.views.ts";

const FLAGS = {
  not_found: "Roblox says this account no longer exists: confirm the recipient with the shopper before delivering",
  banned: "Roblox says this account is banned: it cannot receive items, ask the shopper for another",
} as const;

/** What Roblox said when asked again after payment, and how the recipient was given: staff read it before delivering. */
function RecipientNotes({ roblox }: { roblox: OrderView["roblox"] }) {
  return (
    <>
      {roblox.flag ? <span className="mt-1 block rounded bg-red-500/20 px-2 py-1 text-xs font-bold text-red-200">{FLAGS[roblox.flag]}</span> : null}
      {roblox.renamedTo ? (
        <span className="mt-1 block rounded bg-amber-500/20 px-2 py-1 text-xs font-bold break-all text-amber-200">
          Renamed since the order: now @{roblox.renamedTo}
        </span>
      ) : null}
      <span className="block text-xs text-slate-400">{roblox.proof === "linked" ? "Linked account (proof)" : "Typed name (claim)"}</span>
    </>
  );
}

/**
 * The Roblox account an order goes to, as staff deliver to it: the avatar, the display name, the
 * name and the numeric user id Roblox answered at checkout; "not checked" when Roblox could not be
 * asked then (check the typed name before delivering).
 */
export function RobloxRecipientBadge({ roblox }: { roblox: OrderView["roblox"] }) {
  if (!roblox.verified || roblox.userId === null) {
    return (
      <span className="inline-flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-semibold break-all text-white">{roblox.name}</span>
        <span className="rounded-full bg-amber-500/20 px-2 py-0.5 text-xs font-bold text-amber-200">Roblox name not checked</span>
        <span className="basis-full">
          <RecipientNotes roblox={roblox} />
        </span>
      </span>
    );
  }
  return (
    <span className="inline-flex min-w-0 items-center gap-2">
      {roblox.avatarUrl ? (
        <img src={roblox.avatarUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full bg-slate-700" />
      ) : (
        <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded-full bg-slate-700" />
      )}
      <span className="min-w-0">
        <span className="block font-semibold break-all text-white">
          {roblox.displayName} <span className="font-normal text-slate-300">@{roblox.name}</span>
        </span>
        <span className="block text-xs text-slate-400">Roblox user id {roblox.userId}</span>
        <RecipientNotes roblox={roblox} />
      </span>
    </span>
  );
}

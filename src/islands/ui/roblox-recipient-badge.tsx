import type { OrderView } from "#read-models/shopping/shopping.views.ts";

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
      </span>
    </span>
  );
}

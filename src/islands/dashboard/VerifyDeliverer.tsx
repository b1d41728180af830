import type { DelivererView } from "#read-models/shopping/shopping.views.ts";

/**
 * "Verify your deliverer": while the delivery runs, the exact account that will trade with the
 * shopper and the one-time phrase it says in the game chat. Look-alike accounts ask children to
 * trade first; this is what tells the shop's account apart.
 */
export default function VerifyDeliverer({ deliverer, orderLabel }: { deliverer: DelivererView; orderLabel: string }) {
  return (
    <section className="mt-3 rounded-lg border border-emerald-400/50 bg-emerald-500/10 p-3 text-sm" aria-label={`Verify your deliverer for ${orderLabel}`}>
      <h4 className="font-semibold text-white">Verify your deliverer</h4>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {deliverer.avatarUrl && <img src={deliverer.avatarUrl} alt="" width={48} height={48} className="h-12 w-12 rounded-full bg-ink-700" />}
        <p className="min-w-0 break-all">
          <span className="text-slate-300">Only trade with </span>
          <span className="font-bold text-white">{deliverer.robloxUsername}</span>
        </p>
      </div>
      <p className="mt-2 text-slate-200">
        They will say this phrase in the game chat: <span className="font-mono text-base font-bold text-white">{deliverer.phrase}</span>
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-200">
        <li>Never trade with anyone else, even if they say they are from the shop.</li>
        <li>Never give first: the shop never asks you for an item, Robux or a password.</li>
      </ul>
    </section>
  );
}

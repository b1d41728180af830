import type { OrderView } from "#read-models/shopping/shopping.views.ts";

/**
 * An order's risk facts as staff read them on every order (not only the held ones in the Risk
 * queue): the score and the rules' plain-words reasons, including what Roblox said when asked
 * again after payment (a new Roblox account, a rename since the order). Nothing when none fired.
 */
export function RiskFacts({ risk, orderLabel }: { risk: OrderView["risk"]; orderLabel: string }) {
  const reasons = risk.reasons ?? [];
  if (reasons.length === 0) return null;
  return (
    <div className="mt-2 text-sm">
      <p className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Risk {risk.score ?? 0}</p>
      <ul className="list-disc pl-5 text-amber-100" aria-label={`Risk facts of order ${orderLabel}`}>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}

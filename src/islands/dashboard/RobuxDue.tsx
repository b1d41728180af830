import type { OrderView } from "#read-models/shopping/shopping.views.ts";

/** A delivered gamepass order: when its Robux should appear (Roblox holds a pass's sale as pending first). */
export default function RobuxDue({ order }: { order: Pick<OrderView, "robuxDueAt" | "status"> }) {
  if (!order.robuxDueAt || order.status !== "completed") return null;
  return (
    <p className="mt-2 text-sm text-slate-300">
      Your Robux should appear in your Roblox account by {new Date(order.robuxDueAt).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" })}{" "}
      (Roblox keeps a gamepass sale pending for a few days).
    </p>
  );
}

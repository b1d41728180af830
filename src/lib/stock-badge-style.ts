import { stockBadge } from "#domain/catalogue/product.ts";

const STYLE = {
  "In Stock": "bg-emerald-500/15 text-emerald-300 ring-emerald-500/40",
  "Low Stock": "bg-amber-500/15 text-amber-300 ring-amber-500/40",
  "Out of Stock": "bg-red-500/15 text-red-300 ring-red-500/40",
} as const;

/** A stock badge's label and classes: the product cards write it inline, the product page through StockBadge. */
export function stockBadgeView(stock: number): { label: string; className: string } {
  const label = stockBadge(stock);
  return { label, className: `inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLE[label]}` };
}

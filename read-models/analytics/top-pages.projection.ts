import type { Projection } from "./projection.ts";
import { counterTable } from "./projection-transaction.ts";

export const TOP_PAGES = counterTable("rm_top_pages", ["page"], ["count"]);

/** Page views per page since the beginning. */
export const topPagesProjection: Projection = {
  name: "analytics-top-pages",
  version: 1,
  settings: "",
  handles: ["PageViewed"],
  tables: [TOP_PAGES],
  async evolve(event, trx) {
    if (event.type === "PageViewed") trx.add(TOP_PAGES, { page: event.payload.page }, { count: 1 });
  },
};

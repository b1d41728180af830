import { deliveryProjection } from "./delivery.projection.ts";
import { deliveryTimesProjection } from "./delivery-times.projection.ts";
import { liveVisitorsProjection } from "./live-visitors.projection.ts";
import { newCustomersProjection } from "./new-customers.projection.ts";
import { pageVisitsProjection } from "./page-visits.projection.ts";
import type { Projection } from "./projection.ts";
import { riskProjection } from "./risk.projection.ts";
import { summaryProjection } from "./summary.projection.ts";
import { topPagesProjection } from "./top-pages.projection.ts";

/** Every analytics projection, configured: the composition root registers them as event listeners. */
export function analyticsProjections(settings: { timeZone: string }): Projection[] {
  return [
    summaryProjection(settings),
    liveVisitorsProjection,
    topPagesProjection,
    pageVisitsProjection,
    newCustomersProjection,
    deliveryProjection(settings),
    deliveryTimesProjection(settings),
    riskProjection(settings),
  ];
}

import { describe, expect, it } from "vitest";
import { OPEN_DELIVERIES, UNSETTLED_LATENESS } from "#adapters/db/migrations/0027-list-indexes.ts";
import { DELIVERY_OWED_STATUSES, OFF_THE_CLOCK_PAYMENT_STATUSES, OFF_THE_CLOCK_STATUSES } from "#domain/fulfilment/delivery.ts";

// The delivery queue and the late-order claim read partial indexes whose predicates are frozen as SQL
// literals in migration 0027; the domain decides what is owed and what is off the clock. If one of
// the domain's lists changes, these literals (and a new migration re-creating the indexes) must
// follow, or a refunded order would be queued or compensated again (issue 32, attack 5).
const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");

describe("the delivery indexes' predicates spell the domain's lists", () => {
  it("the open-deliveries index holds the owed statuses, without orders paid back", () => {
    expect(OPEN_DELIVERIES).toContain(`"status" in (${quoted(DELIVERY_OWED_STATUSES)})`);
    expect(OPEN_DELIVERIES).toContain(`"paymentStatus" not in (${quoted(OFF_THE_CLOCK_PAYMENT_STATUSES)})`);
  });

  it("the unsettled-lateness index leaves out cancelled and paid-back orders", () => {
    expect(OFF_THE_CLOCK_STATUSES).toEqual(["cancelled"]);
    expect(UNSETTLED_LATENESS).toContain(`"status" <> 'cancelled'`);
    expect(UNSETTLED_LATENESS).toContain(`"paymentStatus" not in (${quoted(OFF_THE_CLOCK_PAYMENT_STATUSES)})`);
    expect(UNSETTLED_LATENESS).toContain(`"status" in (${quoted(DELIVERY_OWED_STATUSES)})`);
  });
});

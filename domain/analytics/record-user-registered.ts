import type { Clock } from "../shared/clock.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { EventLog } from "./event-log.port.ts";

/**
 * Appends UserRegistered for a shopper's new account. `visitorId` is the browser that registered
 * (null when unknown), which ties the guest's earlier cart activity to the new customer. Called
 * once per account; a repeated call appends again, and the projections count the user once.
 */
export async function recordUserRegistered(
  account: { userId: string; email: string; visitorId: string | null },
  deps: { tracking: UnitOfWork<{ events: EventLog }>; clock: Clock },
): Promise<void> {
  const now = deps.clock.now();
  await deps.tracking.run(({ events }) =>
    events.append({ type: "UserRegistered", occurredAt: now, visitorId: account.visitorId, userId: account.userId, payload: { email: account.email } }),
  );
}

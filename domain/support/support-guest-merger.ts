import type { GuestDataMerger } from "../accounts/guest-data-merger.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";

/**
 * At sign-in, the guest's support conversations become the account's, so the shopper keeps
 * their chat and the guest cookie alone no longer opens it. Idempotent.
 */
export function supportGuestMerger(deps: { unitOfWork: UnitOfWork<SupportRepositories> }): GuestDataMerger {
  return {
    name: "support",
    mergeGuestIntoUser: (visitorId, userId) => deps.unitOfWork.run(({ conversations }) => conversations.moveGuestConversations(visitorId, userId)),
  };
}

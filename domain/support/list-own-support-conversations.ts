import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import type { SupportRepositories } from "./support-repositories.port.ts";
import type { ChatViewer, SupportConversation } from "./support-conversation.ts";

/** The viewer's own conversations, newest activity first (the widget uses the first open one). */
export function listOwnSupportConversations(
  viewer: ChatViewer,
  deps: { unitOfWork: UnitOfWork<SupportRepositories> },
): Promise<SupportConversation[]> {
  return deps.unitOfWork.run(({ conversations }) => conversations.listOwn(viewer));
}

import type { SupportReadRepositories } from "./support-repositories.port.ts";
import type { ChatViewer, SupportConversation } from "./support-conversation.ts";

/** The viewer's own conversations, newest activity first (the widget uses the first open one). */
export function listOwnSupportConversations(viewer: ChatViewer, { conversations }: SupportReadRepositories): Promise<SupportConversation[]> {
  return conversations.listOwn(viewer);
}

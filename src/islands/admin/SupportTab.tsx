import { useCallback, useState } from "react";
import type { AdminConversationView } from "../../../read-models/support/admin-conversations.ts";
import { formatDateTime, shortId } from "../../lib/admin-ops.ts";
import { api, ApiError } from "../../lib/api-client.ts";
import { CONVERSATIONS_POLL_MS } from "../../lib/support-chat.ts";
import { usePolling } from "../../lib/use-polling.ts";
import { revalidateAudit } from "../../stores/admin-ops.ts";
import { showToast } from "../../stores/toast.ts";
import ChatPanel from "../ChatPanel.tsx";
import ItemRequests from "./ItemRequests.tsx";

/** Support conversations (polled every 5 s) and the detail pane: messages every 3 s, reply while open, Close Conversation. */
export default function SupportTab() {
  const [conversations, setConversations] = useState<AdminConversationView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);

  const load = useCallback(async () => {
    try {
      setConversations(await api.get<AdminConversationView[]>("/api/admin/support/conversations"));
      setFailed(false);
    } catch (error) {
      setFailed(true);
      throw error;
    }
  }, []);
  const { pollNow } = usePolling(load, CONVERSATIONS_POLL_MS, true);
  const selected = conversations?.find((c) => c.id === selectedId) ?? null;

  async function close(conversation: AdminConversationView) {
    setClosing(true);
    try {
      await api.patch(`/api/admin/support/conversations/${encodeURIComponent(conversation.id)}`, { status: "closed" });
      showToast({ title: "Conversation Closed", description: `Conversation ${shortId(conversation.id)} was closed` });
      revalidateAudit();
      pollNow();
    } catch (error) {
      showToast({ title: "Error", description: error instanceof ApiError ? error.message : "Failed to close conversation.", variant: "destructive" });
    }
    setClosing(false);
  }

  return (
    <div className="space-y-10">
      <section aria-labelledby="support-heading" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div>
          <h2 id="support-heading" className="text-xl font-bold">
            Support Conversations
          </h2>
          {conversations === null && !failed && <p className="mt-4 text-slate-300">Loading conversations...</p>}
          {failed && conversations === null && (
            <p className="mt-4 text-red-300" role="alert">
              Conversations could not be loaded.
            </p>
          )}
          {conversations?.length === 0 && <p className="card mt-4 p-6 text-center text-slate-300">No conversations yet.</p>}
          <ul className="mt-4 space-y-2" aria-label="Conversations">
            {conversations?.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`card w-full p-3 text-left ${c.id === selectedId ? "ring-2 ring-brand-500" : ""}`}
                  aria-pressed={c.id === selectedId}
                  onClick={() => setSelectedId(c.id)}
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm">#{shortId(c.id)}</span>
                    <span className="min-w-0 flex-1 truncate text-sm">{c.email ?? "Guest"}</span>
                    <span className={`chip ${c.status === "open" ? "" : "opacity-60"}`}>{c.status}</span>
                  </span>
                  <span className="mt-1 block truncate text-sm text-slate-300">{c.lastMessage ? c.lastMessage.message : "No messages yet"}</span>
                  <span className="mt-1 block text-xs text-slate-400">
                    {c.messageCount} messages · {formatDateTime(c.updatedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div>
          {selected ? (
            <div className="card flex h-[32rem] flex-col overflow-hidden" aria-label="Conversation detail">
              <div className="flex flex-wrap items-center gap-2 border-b border-ink-700 p-3">
                <h3 className="mr-auto font-bold">
                  {selected.email ?? "Guest"} · #{shortId(selected.id)}
                  {selected.orderId && <span className="ml-2 text-sm font-normal text-slate-300">order #{shortId(selected.orderId)}</span>}
                </h3>
                {selected.status === "open" && (
                  <button type="button" className="btn-secondary" disabled={closing} onClick={() => void close(selected)}>
                    Close Conversation
                  </button>
                )}
              </div>
              <ChatPanel
                key={selected.id}
                messagesUrl={`/api/support/conversations/${encodeURIComponent(selected.id)}/messages`}
                mySender="admin"
                otherLabel="Customer"
                canSend={selected.status === "open"}
                closedNotice="This conversation is closed."
                emptyText="No messages yet."
                onSent={() => {
                  showToast({ title: "Message Sent", description: "Your reply was sent" });
                  pollNow();
                }}
                onSendFailed={() => pollNow()}
              />
            </div>
          ) : (
            <p className="card p-6 text-center text-slate-300">Select a conversation to read and reply.</p>
          )}
        </div>
      </section>
      <ItemRequests />
    </div>
  );
}

import { useEffect, useRef, useState } from "react";
import type { AdminConversationView } from "#read-models/support/admin-conversations.ts";
import { formatDateTime } from "#src/lib/admin-ops.ts";
import { shortId } from "#domain/shared/short-id.ts";
import { api } from "#src/lib/api-client.ts";
import { CONVERSATIONS_POLL_MS } from "#src/lib/support-chat.ts";
import { useMediaQuery } from "#src/lib/use-media-query.ts";
import { usePagedList } from "#src/lib/use-paged-list.ts";
import { revalidateAudit } from "#src/stores/admin-ops.ts";
import { listenLive } from "#src/stores/live-events.ts";
import { showToast, toastError } from "#src/stores/toast.ts";
import ChatPanel from "../ChatPanel.tsx";
import ItemRequests from "./ItemRequests.tsx";
import StockAlertsList from "./StockAlertsList.tsx";
import { ListStatus } from "./ListStatus.tsx";
import Pager from "./Pager.tsx";
import SearchForm from "./SearchForm.tsx";
import { StatusFilter } from "./StatusFilter.tsx";
import { BusyButton } from "../ui/busy-button.tsx";

export const CONVERSATIONS_PAGE_SIZE = 20;
const FILTERS = [
  { value: "", label: "All" },
  { value: "open", label: "Open" },
  { value: "closed", label: "Closed" },
] as const;

/**
 * Support conversations (the page shown is polled every 5 s), filtered open/closed and searched on the
 * server, a page at a time, and the detail pane: messages every 3 s, reply while open, Close
 * Conversation. On a phone the pane opens under the tapped conversation and scrolls into view.
 */
export default function SupportTab() {
  const [status, setStatus] = useState("");
  const [search, setSearch] = useState("");
  const list = usePagedList<AdminConversationView>(
    "/api/admin/support/conversations",
    { status: status || undefined, q: search || undefined },
    CONVERSATIONS_PAGE_SIZE,
    CONVERSATIONS_POLL_MS,
  );
  const conversations = list.rows;
  const pollNow = list.reload;
  // A new conversation or message is listed at once (issue 38); the poll stays as the fallback.
  useEffect(
    () =>
      listenLive((signal) => {
        if (signal.kind === "conversation" || signal.kind === "support-message" || signal.kind === "resync") pollNow();
      }),
    [pollNow],
  );
  const wide = useMediaQuery("(min-width: 1024px)");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  // The open conversation stays on screen when a poll or a filter leaves it off the current page.
  const [kept, setKept] = useState<AdminConversationView | null>(null);
  const selected = conversations?.find((c) => c.id === selectedId) ?? (kept?.id === selectedId ? kept : null);
  useEffect(() => {
    const fresh = conversations?.find((c) => c.id === selectedId);
    if (fresh) setKept(fresh);
  }, [conversations, selectedId]);

  async function close(conversation: AdminConversationView) {
    setClosing(true);
    try {
      await api.patch(`/api/admin/support/conversations/${encodeURIComponent(conversation.id)}`, { status: "closed" });
      showToast({ title: "Conversation Closed", description: `Conversation ${shortId(conversation.id)} was closed` });
      revalidateAudit();
      pollNow();
    } catch (error) {
      toastError(error, "Failed to close conversation.");
    }
    setClosing(false);
  }

  const detail = (conversation: AdminConversationView) => (
    <DetailPane scrollIntoView={!wide}>
      <div className="card flex h-[32rem] max-h-[calc(100dvh-var(--dock-height,0px)-2rem)] flex-col overflow-hidden" aria-label="Conversation detail">
        <div className="flex flex-wrap items-center gap-2 border-b border-ink-700 p-3">
          <h3 className="mr-auto min-w-0 font-bold break-all">
            {conversation.email ?? "Guest"} · #{shortId(conversation.id)}
            {conversation.orderId && <span className="ml-2 text-sm font-normal text-slate-300">order #{shortId(conversation.orderId)}</span>}
          </h3>
          {conversation.status === "open" && (
            <BusyButton type="button" className="btn-secondary" busy={closing} onClick={() => void close(conversation)}>
              Close Conversation
            </BusyButton>
          )}
        </div>
        <ChatPanel
          key={conversation.id}
          messagesUrl={`/api/support/conversations/${encodeURIComponent(conversation.id)}/messages`}
          mySender="admin"
          otherLabel="Customer"
          canSend={conversation.status === "open"}
          closedNotice="This conversation is closed."
          emptyText="No messages yet."
          onSent={() => {
            showToast({ title: "Message Sent", description: "Your reply was sent" });
            pollNow();
          }}
          onSendFailed={() => pollNow()}
        />
      </div>
    </DetailPane>
  );

  return (
    <div className="space-y-10">
      <section aria-labelledby="support-heading" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <div className="min-w-0">
          <h2 id="support-heading" className="text-xl font-bold">
            Support Conversations
          </h2>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <StatusFilter label="Show conversations" filters={FILTERS} value={status} onChange={setStatus} className="flex gap-2" />
            <SearchForm id="support-search" label="Search conversations" placeholder="Email or order id" onSearch={setSearch} />
          </div>
          <ListStatus list={list} noun="conversations" spacing="mt-4" empty={status || search ? "No conversations match." : "No conversations yet."} />
          {conversations && conversations.length > 0 && (
            <p className="mt-3 text-sm text-slate-300">
              {list.total} {status} {list.total === 1 ? "conversation" : "conversations"}
            </p>
          )}
          <ul className="mt-2 space-y-2" aria-label="Conversations">
            {conversations?.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`card w-full p-3 text-left ${c.id === selectedId ? "ring-2 ring-brand-500" : ""}`}
                  aria-pressed={c.id === selectedId}
                  aria-expanded={wide ? undefined : c.id === selectedId}
                  onClick={() => setSelectedId(c.id === selectedId && !wide ? null : c.id)}
                >
                  <span className="flex items-center gap-2">
                    <span className="shrink-0 font-mono text-sm">#{shortId(c.id)}</span>
                    <span className="min-w-0 flex-1 truncate text-sm" title={c.email ?? undefined}>
                      {c.email ?? "Guest"}
                    </span>
                    <span className={`chip shrink-0 ${c.status === "open" ? "" : "opacity-60"}`}>{c.status}</span>
                  </span>
                  <span className="mt-1 line-clamp-2 text-sm break-words text-slate-300">{c.lastMessage ? c.lastMessage.message : "No messages yet"}</span>
                  <span className="mt-1 block text-xs text-slate-400">
                    {c.messageCount} {c.messageCount === 1 ? "message" : "messages"} · {formatDateTime(c.updatedAt)}
                  </span>
                </button>
                {!wide && c.id === selectedId && <div className="mt-2">{detail(c)}</div>}
              </li>
            ))}
          </ul>
          <Pager label="Conversations pages" page={list.page} pageSize={CONVERSATIONS_PAGE_SIZE} total={list.total} onPage={list.setPage} />
        </div>
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          {wide && (selected ? detail(selected) : <p className="card p-6 text-center text-slate-300">Select a conversation to read and reply.</p>)}
        </div>
      </section>
      <ItemRequests />
      <StockAlertsList />
    </div>
  );
}

/** The detail pane's box: on a phone, where it opens under the list item, it scrolls into view. */
function DetailPane({ scrollIntoView, children }: { scrollIntoView: boolean; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView) ref.current?.scrollIntoView({ block: "nearest" });
  }, [scrollIntoView]);
  return (
    <div ref={ref} className="scroll-mt-4">
      {children}
    </div>
  );
}

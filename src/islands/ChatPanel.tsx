import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { api } from "../lib/api-client.ts";
import { MESSAGES_POLL_MS } from "../lib/support-chat.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useLivePolling } from "../lib/use-live-polling.ts";
import { toastError } from "../stores/toast.ts";
import { BusyButton } from "./ui/busy-button.tsx";

/** A chat message as the API answers it (support conversations and order chats alike). */
export interface ChatMessageView {
  id: string;
  message: string;
  sender: "user" | "admin";
  createdAt: string;
}

export const MAX_MESSAGE_LENGTH = 2000;

export interface ChatPanelProps {
  /** The chat's messages endpoint: GET polls it, POST sends to it. */
  messagesUrl: string;
  /** Whose messages are "mine" (shown on the right): "user" for shoppers, "admin" in the admin panel. */
  mySender?: "user" | "admin";
  /** What the other side is called above its messages. */
  otherLabel?: string;
  /** False once the chat takes no more messages: the composer gives way to `closedNotice`. */
  canSend?: boolean;
  closedNotice?: ReactNode;
  emptyText?: string;
  /** Polling stops while false (e.g. while a surrounding dialog is closed). */
  active?: boolean;
  /** After a failed send (the toast is already shown), e.g. to refresh a conversation that was closed. */
  onSendFailed?: (error: unknown) => void;
  /** After a message was stored (e.g. the admin panel's Message Sent toast). */
  onSent?: (message: ChatMessageView) => void;
}

/**
 * A chat: the message list, polled every 3 s (only newer messages are fetched, with ?after=), and
 * a composer where Enter sends and Shift+Enter starts a new line. Messages are always rendered as
 * text. Reusable for the support widget, the dashboard's order chat and the admin panel.
 */
export default function ChatPanel({
  messagesUrl,
  mySender = "user",
  otherLabel = "Support",
  canSend = true,
  closedNotice,
  emptyText = "No messages yet. Say hello!",
  active = true,
  onSendFailed,
  onSent,
}: ChatPanelProps) {
  // `confirmed` is what polls returned, contiguous and in the server's order; the cursor is its
  // last id. A message we sent is shown at once from `pending` but never moves the cursor: an answer
  // stored just before it would otherwise be skipped.
  const [confirmed, setConfirmed] = useState<ChatMessageView[]>([]);
  const [pending, setPending] = useState<ChatMessageView[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const cursor = useRef<string | undefined>(undefined);
  const currentUrl = useRef(messagesUrl);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stickToBottom = useRef(true);
  const hydrated = useHydrated();
  const id = useId();

  // Another chat in the same panel starts from nothing (mounting with key={messagesUrl} does the same).
  useEffect(() => {
    if (currentUrl.current === messagesUrl) return;
    currentUrl.current = messagesUrl;
    cursor.current = undefined;
    setConfirmed([]);
    setPending([]);
    setLoaded(false);
  }, [messagesUrl]);

  const poll = useCallback(async () => {
    const url = messagesUrl;
    const fresh = await api.get<ChatMessageView[]>(url, { after: cursor.current });
    if (url !== currentUrl.current) return; // an answer for the chat shown before
    if (fresh.length > 0) {
      cursor.current = fresh.at(-1)!.id;
      setConfirmed((previous) => {
        const known = new Set(previous.map((m) => m.id));
        return [...previous, ...fresh.filter((m) => !known.has(m.id))];
      });
      const arrived = new Set(fresh.map((m) => m.id));
      setPending((previous) => previous.filter((m) => !arrived.has(m.id)));
    }
    setLoaded(true);
  }, [messagesUrl]);
  // A live message event of any chat re-reads this one from its cursor (an empty answer when it was another's).
  const { pollNow } = useLivePolling(poll, MESSAGES_POLL_MS, active, (signal) => signal.kind === "support-message" || signal.kind === "order-message");

  const messages = useMemo(() => {
    const known = new Set(confirmed.map((m) => m.id));
    return [...confirmed, ...pending.filter((m) => !known.has(m.id))];
  }, [confirmed, pending]);

  useEffect(() => {
    const list = listRef.current;
    if (list && stickToBottom.current) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  async function send() {
    const text = draft.trim();
    if (text === "" || sending) return;
    setSending(true);
    try {
      const created = await api.post<ChatMessageView>(messagesUrl, { message: text, sender: mySender });
      stickToBottom.current = true;
      setPending((previous) => [...previous, created]);
      setDraft("");
      pollNow();
      onSent?.(created);
    } catch (error) {
      toastError(error, "Failed to send message. Please try again.");
      onSendFailed?.(error);
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter (and Enter while an input method is composing) makes a new line.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={listRef}
        role="log"
        aria-label="Messages"
        aria-live="polite"
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4"
        onScroll={(event) => {
          const list = event.currentTarget;
          stickToBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
        }}
      >
        {!loaded && messages.length === 0 && <p className="text-center text-sm text-slate-400">Loading messages...</p>}
        {loaded && messages.length === 0 && <p className="text-center text-sm text-slate-400">{emptyText}</p>}
        {messages.map((m) => {
          const mine = m.sender === mySender;
          return (
            <div key={m.id} className={`flex flex-col ${mine ? "items-end" : "items-start"}`}>
              <span className="mb-0.5 text-xs text-slate-400">
                {mine ? "You" : otherLabel} · <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
              </span>
              {/* Text only: React escapes it, so markup in a message is shown, never interpreted. */}
              <p
                className={`max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm ${
                  mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-ink-800 text-slate-100"
                }`}
              >
                {m.message}
              </p>
            </div>
          );
        })}
      </div>
      {canSend ? (
        <form
          className="flex items-end gap-2 border-t border-ink-700 p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={`${id}-message`} className="sr-only">
            Type your message
          </label>
          <textarea
            ref={inputRef}
            id={`${id}-message`}
            rows={2}
            maxLength={MAX_MESSAGE_LENGTH}
            placeholder="Type your message..."
            className="input max-h-32 min-h-10 flex-1 resize-none"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <BusyButton type="submit" className="btn-primary" busy={sending} disabled={!hydrated || draft.trim() === ""}>
            Send
          </BusyButton>
        </form>
      ) : (
        <div className="border-t border-ink-700 p-3 text-sm text-slate-300">{closedNotice ?? "This chat is closed."}</div>
      )}
    </div>
  );
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

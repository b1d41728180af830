import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useState, type KeyboardEvent, type RefObject } from "react";
import { api, ApiError } from "../lib/api-client.ts";
import { CONVERSATIONS_POLL_MS } from "../lib/support-chat.ts";
import { emptyChatText, firstReplyText, hoursText, presenceText, queueLine } from "../lib/support-status.ts";
import type { SupportStatusView } from "#read-models/support/support-status.views.ts";
import { useLivePolling } from "../lib/use-live-polling.ts";
import { toastError } from "../stores/toast.ts";
import ChatPanel from "./ChatPanel.tsx";

interface ConversationView {
  id: string;
  status: "open" | "closed";
  email: string | null;
  createdAt: string;
  updatedAt: string;
  /** Its place among the conversations waiting for a first reply; null when it does not wait. */
  queuePosition: number | null;
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back to the launcher when the chat closes. */
  launcher: RefObject<HTMLButtonElement | null>;
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0 && !element.closest("[inert]"));
}

/** Where a Tab that leaves the chat goes, or null when it stays inside (see onKeyDownCapture). */
function tabOut(event: KeyboardEvent<HTMLElement>, launcher: HTMLElement | null): HTMLElement | null {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey || !launcher) return null;
  const inside = tabbables(event.currentTarget);
  const edge = event.shiftKey ? inside[0] : inside[inside.length - 1];
  if (inside.length > 0 && document.activeElement !== edge) return null;
  if (event.shiftKey) return launcher;
  const page = tabbables(document).filter((element) => !event.currentTarget.contains(element));
  return page[page.indexOf(launcher) + 1] ?? launcher;
}

/**
 * The support chat (storefront.md sections 2, 4, 7): while open, the visitor's conversations are
 * polled every 5 s and the one shown is the first open conversation, otherwise the first in the
 * list. Before any conversation: the queue notice and Start New Conversation; a closed one offers a
 * new one. Non-modal: the shopper can keep browsing; Escape or the close button closes it.
 */
export default function SupportChatDialog({ open, onOpenChange, launcher }: Props) {
  const [conversations, setConversations] = useState<ConversationView[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [status, setStatus] = useState<SupportStatusView | null>(null);

  // The live support facts with the conversations: who is there, the measured wait.
  const refresh = useCallback(async () => {
    const [list, facts] = await Promise.all([
      api.get<ConversationView[]>("/api/support/conversations"),
      api.get<SupportStatusView>("/api/support/status").catch(() => null),
    ]);
    setConversations(list);
    if (facts) setStatus(facts);
  }, []);
  const { pollNow } = useLivePolling(refresh, CONVERSATIONS_POLL_MS, open, (signal) => signal.kind === "conversation");

  const current = conversations && (conversations.find((c) => c.status === "open") ?? conversations[0] ?? null);

  async function startConversation() {
    if (starting) return;
    setStarting(true);
    try {
      const created = await api.post<ConversationView>("/api/support/conversations", { status: "open" });
      setConversations((previous) => [created, ...(previous ?? []).filter((c) => c.id !== created.id)]);
    } catch (error) {
      toastError(error, "Failed to start conversation. Please try again.");
    } finally {
      setStarting(false);
    }
  }

  const startButton = (
    <button type="button" className="btn-primary" aria-disabled={starting || undefined} onClick={() => void startConversation()}>
      Start New Conversation
    </button>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className="card fixed bottom-[calc(var(--dock-height)+0.75rem)] right-4 z-50 flex h-[min(32rem,calc(100dvh-var(--dock-height)-7rem))] w-[calc(100vw-2rem)] flex-col overflow-hidden shadow-2xl shadow-black/50 sm:w-96"
          // The chat stays open while the shopper keeps browsing the page.
          onInteractOutside={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            launcher.current?.focus();
          }}
          // Non-modal, so Tab leaves it: Radix's focus scope loops Tab inside the dialog
          // even when it does not trap focus. Past its last control Tab goes on to what follows the
          // launcher, and Shift+Tab before its first control back to the launcher.
          onKeyDownCapture={(event) => {
            const target = tabOut(event, launcher.current);
            if (!target) return;
            event.preventDefault();
            event.stopPropagation();
            target.focus();
          }}
        >
          <div className="flex items-start justify-between gap-3 border-b border-ink-700 bg-brand-600/20 px-4 py-3">
            <div>
              <Dialog.Title className="font-bold">Live Support</Dialog.Title>
              <Dialog.Description className="mt-0.5 flex items-center gap-1.5 text-xs text-slate-300">
                <span aria-hidden="true" className={`inline-block size-2 shrink-0 rounded-full ${status?.online ? "bg-emerald-400" : "bg-slate-500"}`} />
                {status ? presenceText(status) : "Checking who is online..."}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded px-1.5 text-xl leading-none text-slate-300 hover:text-white" aria-label="Close chat">
              ×
            </Dialog.Close>
          </div>
          {conversations === null ? (
            <p role="status" className="p-6 text-center text-sm text-slate-400">
              Loading...
            </p>
          ) : current === null || current === undefined ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
              {status && (
                <div className="space-y-1 text-sm text-slate-300">
                  {firstReplyText(status) && <p>{firstReplyText(status)}</p>}
                  {hoursText(status) && <p>{hoursText(status)}</p>}
                </div>
              )}
              {startButton}
            </div>
          ) : (
            <>
              {current.status === "open" && queueLine(status ?? null, current.queuePosition) && (
                <p role="status" className="border-b border-ink-700 px-4 py-2 text-xs text-slate-300">
                  {queueLine(status ?? null, current.queuePosition)}
                </p>
              )}
              <ChatPanel
                key={current.id}
                messagesUrl={`/api/support/conversations/${encodeURIComponent(current.id)}/messages`}
                otherLabel="Support agent"
                canSend={current.status === "open"}
                active={open}
                emptyText={emptyChatText(status ?? null)}
                closedNotice={
                  <div className="flex flex-col items-center gap-3 text-center">
                    <p>This conversation has been closed.</p>
                    {startButton}
                  </div>
                }
                // A 409 means the conversation was closed meanwhile: show it closed and offer a new one.
                // The first message puts the conversation in the queue: show its place at once.
                onSent={() => pollNow()}
                onSendFailed={(error) => {
                  if (error instanceof ApiError && error.status === 409) pollNow();
                }}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

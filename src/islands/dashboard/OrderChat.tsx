import { lazy, Suspense, useState } from "react";
import { DisclosureButton } from "../ui/disclosure-button.tsx";
import { shortId } from "#domain/shared/short-id.ts";

// A lazy chunk: the dashboard hydrates as fast as before and loads the chat only when one is opened.
const ChatPanel = lazy(() => import("../ChatPanel.tsx"));

/**
 * The chat on one order (issue 6), opened from its card. The panel mounts only while open, so a
 * dashboard with many orders polls nothing until the shopper opens a chat (then every 3 s).
 */
export default function OrderChat({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const panelId = `order-chat-${orderId}`;
  return (
    <div className="mt-3">
      <DisclosureButton open={open} controls={panelId} onToggle={() => setOpen((value) => !value)}>
        {open ? "Hide chat" : `Chat about order #${shortId(orderId)}`}
      </DisclosureButton>
      {open && (
        <section
          id={panelId}
          aria-label={`Chat about order #${shortId(orderId)}`}
          className="mt-3 flex h-80 flex-col overflow-hidden rounded-lg border border-ink-700"
        >
          <Suspense fallback={<p className="p-3 text-sm text-slate-300">Loading chat...</p>}>
            <ChatPanel
              messagesUrl={`/api/orders/${encodeURIComponent(orderId)}/messages`}
              otherLabel="Support"
              emptyText="No messages yet. Ask us anything about this order."
            />
          </Suspense>
        </section>
      )}
    </div>
  );
}

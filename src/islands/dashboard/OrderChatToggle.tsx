import { useState } from "react";
import ChatPanel from "../ChatPanel.tsx";

/** The shopper's chat about one order with the shop (the admin answers from the Orders tab), polled every 3 s while open. */
export default function OrderChatToggle({ orderId }: { orderId: string }) {
  const [open, setOpen] = useState(false);
  const short = orderId.slice(0, 8);
  return (
    <div className="mt-3">
      <button type="button" className="btn-secondary px-3 py-1 text-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? "Hide Chat" : "Chat about this order"}
      </button>
      {open && (
        <div className="mt-3 flex h-72 flex-col overflow-hidden rounded-xl border border-ink-700 bg-ink-900" aria-label={`Chat for order ${short}`}>
          <ChatPanel messagesUrl={`/api/orders/${encodeURIComponent(orderId)}/messages`} mySender="user" otherLabel="Support" emptyText="Questions about this order? Ask here." />
        </div>
      )}
    </div>
  );
}

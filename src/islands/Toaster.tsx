import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { $toast, dismissToast, type Toast } from "../stores/toast.ts";

/**
 * The toast area (one toast at a time). Each toast goes into a container appended to <body> when
 * it appears: an open modal dialog hides everything that was in the page when it opened from
 * assistive technology (aria-hidden), and a toast raised from inside a dialog (the promo's "Email
 * Required") must still be read out. A destructive toast is an alert, any other a status.
 *
 * Toasts show at the top, under the storefront's sticky header (issue 47): at the bottom they
 * covered the chat's Send button and message box (the support chat and the admin's chats sit
 * there), the place a person looks right after the toast that a message was sent.
 */
export default function Toaster() {
  const toast = useStore($toast);
  return toast ? <ToastPortal key={toast.id} toast={toast} /> : null;
}

function ToastPortal({ toast }: { toast: Toast }) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement("div");
    element.className = "toast-area pointer-events-none fixed inset-x-0 z-[60] flex justify-center px-4 sm:left-auto sm:justify-end";
    element.style.top = `${belowStickyHeader() + 12}px`;
    document.body.append(element);
    setContainer(element);
    return () => element.remove();
  }, []);
  if (!container) return null;
  const destructive = toast.variant === "destructive";
  return createPortal(
    <div
      role={destructive ? "alert" : "status"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-2xl ${
        destructive ? "border-red-500 bg-red-950 text-red-50" : "border-ink-700 bg-ink-800 text-slate-100"
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description && <p className="mt-1 text-sm">{toast.description}</p>}
      </div>
      <button type="button" className="rounded p-1 text-current hover:bg-white/10" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </div>,
    container,
  );
}

/** Where the sticky header (BaseLayout's banner and header) ends on screen now; 0 without one. */
function belowStickyHeader(): number {
  const header = document.querySelector("[data-sticky-header]");
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

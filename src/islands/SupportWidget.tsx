import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { OPEN_SUPPORT_CHAT_EVENT } from "../lib/support-chat.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

// The chat itself (dialog, conversations, messages) loads on first open: every page pays only for
// this button.
const SupportChatDialog = lazy(() => import("./SupportChatDialog.tsx"));

declare global {
  interface Window {
    /** Set by BaseLayout's inline script when the chat was asked for before the dock loaded. */
    __supportChatRequested?: boolean;
  }
}

/**
 * The "Live chat" button of the floating dock on every page with the header (see
 * .floating-dock in global.css: a bar under the page on phones, round buttons in the right margin on
 * wide screens); the chat opens above it.
 * It also opens on the window event "open-support-chat" (Contact page, FAQ's Contact Support).
 */
export default function SupportWidget() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated();
  const launcher = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const openChat = () => {
      window.__supportChatRequested = false;
      setOpen(true);
    };
    if (window.__supportChatRequested) openChat();
    window.addEventListener(OPEN_SUPPORT_CHAT_EVENT, openChat);
    return () => window.removeEventListener(OPEN_SUPPORT_CHAT_EVENT, openChat);
  }, []);

  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);

  return (
    <>
      <button
        ref={launcher}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        className="dock-button"
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        </svg>
        {/* Its name is what it shows (WCAG 2.5.3); the chat it opens is "Live Support". */}
        <span className="dock-label">Live chat</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <SupportChatDialog open={open} onOpenChange={setOpen} launcher={launcher} />
        </Suspense>
      )}
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../lib/browser-storage.ts";
import { storedConsentChoice } from "../lib/consent-choice.ts";

/** The spec: the promo opens 2000 ms after the page has loaded, for visitors who have not seen it. */
export const PROMO_DELAY_MS = 2000;

// The dialog's code loads only when it is about to open, so returning visitors never download it
// and first-time visitors do not pay for it while the page becomes interactive.
const loadContent = () => import("./promo/PromoDialogContent.tsx");
const PromoDialogContent = lazy(loadContent);

/** Milliseconds from now until PROMO_DELAY_MS after the page's load event (the island may hydrate late). */
function delayAfterLoad(): number {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadedAt = navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : performance.now();
  return Math.max(0, loadedAt + PROMO_DELAY_MS - performance.now());
}

/** What a visitor does that means they are using the page (reading, clicking, typing, scrolling). */
const INTERACTIONS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;

/**
 * The first-visit promo: opens once, and closing it in any way (or a success) stores hasSeenPromo.
 * One overlay at a time (issue 35): it never opens while the analytics consent banner waits for an
 * answer, and never takes the focus from a visitor who is already using the page (a click, a key, a
 * scroll since it loaded, or focus on something): on such a page it stays away, unseen, and tries
 * again on the next page the visitor opens.
 */
export default function PromoDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (readStorage(STORAGE_KEYS.hasSeenPromo)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let interacting = false;
    const noteInteraction = () => {
      interacting = true;
    };
    for (const kind of INTERACTIONS) window.addEventListener(kind, noteInteraction, { capture: true, passive: true });
    const busyVisitor = () => interacting || (document.activeElement !== null && document.activeElement !== document.body);
    const schedule = () => {
      timer = setTimeout(() => {
        if (readStorage(STORAGE_KEYS.hasSeenPromo) || storedConsentChoice() === null || busyVisitor()) return;
        // Open once the code is there, so the dialog appears whole.
        void loadContent().then(() => {
          if (busyVisitor()) return;
          setMounted(true);
          setOpen(true);
        });
      }, delayAfterLoad());
    };
    if (document.readyState === "complete") schedule();
    else window.addEventListener("load", schedule, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", schedule);
      for (const kind of INTERACTIONS) window.removeEventListener(kind, noteInteraction, { capture: true });
    };
  }, []);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <PromoDialogContent
        open={open}
        onDone={() => {
          writeStorage(STORAGE_KEYS.hasSeenPromo, "true");
          setOpen(false);
        }}
      />
    </Suspense>
  );
}

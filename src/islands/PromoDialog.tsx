import { lazy, Suspense, useEffect, useState } from "react";
import { readStorage, STORAGE_KEYS, writeStorage } from "../lib/browser-storage.ts";

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

/** The first-visit promo: opens once, and closing it in any way (or a success) stores hasSeenPromo. */
export default function PromoDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (readStorage(STORAGE_KEYS.hasSeenPromo)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        if (readStorage(STORAGE_KEYS.hasSeenPromo)) return;
        // Open once the code is there, so the dialog appears whole.
        void loadContent().then(() => {
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

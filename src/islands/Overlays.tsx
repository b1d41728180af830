import { useHydrated } from "../lib/use-hydrated.ts";
import HelpButton from "./HelpButton.tsx";
import PromoDialog from "./PromoDialog.tsx";
import SupportWidget from "./SupportWidget.tsx";
import Toaster from "./Toaster.tsx";

/**
 * The page's floating overlays (help button, promo, toasts, support chat) as one island, hydrated
 * when the browser is idle. They render nothing on the server: they float above the page, so they
 * move nothing when they appear, and no visitor sees a button before it works. One island instead
 * of four, each rendered by React on the server for every page, was a tenth of an uncached page's
 * rendering time (issue 22, docs/benchmarks.md).
 */
export default function Overlays() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <HelpButton />
      <PromoDialog />
      <Toaster />
      <SupportWidget />
    </>
  );
}

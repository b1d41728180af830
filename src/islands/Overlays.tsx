import { useHydrated } from "../lib/use-hydrated.ts";
import PromoDialog from "./PromoDialog.tsx";
import Toaster from "./Toaster.tsx";

/**
 * The promo dialog and the toasts as one island, hydrated when the browser is idle. Neither shows
 * anything when the page loads, so they render nothing on the server: rendering each overlay island
 * on the server for every page was a tenth of an uncached page's time (issue 22,
 * docs/benchmarks.md). The dock's launchers stay server-rendered: they are visible at once.
 */
export default function Overlays() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      <PromoDialog />
      <Toaster />
    </>
  );
}

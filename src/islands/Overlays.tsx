import { useHydrated } from "../lib/use-hydrated.ts";
import PromoDialog from "./PromoDialog.tsx";
import Toaster from "./Toaster.tsx";

/**
 * The promo dialog and the toasts, part of the floating dock's island (FloatingDock.tsx). Neither
 * shows anything when the page loads, so they render nothing on the server: rendering each overlay
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

import HelpButton from "./HelpButton.tsx";
import Overlays from "./Overlays.tsx";
import SupportWidget from "./SupportWidget.tsx";

/**
 * The floating dock's two launchers (live chat, help) and the page's overlays (promo, toasts) as one
 * island, hydrated when the browser is idle. They were three islands on every page, and Astro's work
 * around each island (its props, script links and wrapper, apart from React's render) cost about as
 * much as the launcher inside it (issue 22, docs/benchmarks.md). The overlays render nothing here:
 * they show through portals into <body>, outside the dock's box.
 */
export default function FloatingDock() {
  return (
    <>
      <SupportWidget />
      <HelpButton />
      <Overlays />
    </>
  );
}

// Its server HTML depends on its props alone: rendered once per props (src/lib/react-island-server.ts).
FloatingDock.rendersFromPropsAlone = true;

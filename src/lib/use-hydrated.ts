import { useEffect, useState } from "react";

/**
 * False in the server-rendered HTML and until the island has hydrated. Buttons whose work needs
 * JavaScript stay disabled until then, so an early click is never silently lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

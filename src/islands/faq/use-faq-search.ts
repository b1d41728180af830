import { useEffect, useState } from "react";
import { api } from "#src/lib/api-client.ts";
import type { FaqView } from "#read-models/storefront/content.views.ts";

/** Typing pauses this long before a search is sent (the header search's debounce). */
export const FAQ_SEARCH_DEBOUNCE_MS = 300;

export type FaqSearchState = { status: "loading" } | { status: "loaded"; faqs: FaqView[] } | { status: "error" };

/**
 * FAQs matching `query`, fetched from GET /api/faqs only while `enabled` (the help dialog fetches
 * only while open). With `initial`, the unfiltered list is already known (server-rendered) and
 * nothing is fetched until the shopper types. A failed read is retried once (spec, shared behaviour).
 */
export function useFaqSearch(query: string, enabled: boolean, initial?: FaqView[]): FaqSearchState {
  const [state, setState] = useState<FaqSearchState>(initial ? { status: "loaded", faqs: initial } : { status: "loading" });

  useEffect(() => {
    if (!enabled) return;
    const q = query.trim();
    if (initial && q === "") {
      setState({ status: "loaded", faqs: initial });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    const load = () => api.get<FaqView[]>("/api/faqs", { q: q || null }, { signal: controller.signal });
    const timer = setTimeout(
      () => {
        load()
          .catch((error: unknown) => {
            if (controller.signal.aborted) throw error;
            return load();
          })
          .then((faqs) => setState({ status: "loaded", faqs }))
          .catch((error: unknown) => {
            if (!controller.signal.aborted) {
              console.error("FAQ search failed", error);
              setState({ status: "error" });
            }
          });
      },
      q === "" ? 0 : FAQ_SEARCH_DEBOUNCE_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled, initial]);

  return state;
}

import { useState } from "react";
import { openSupportChat } from "../lib/support-chat.ts";
import type { FaqView } from "#read-models/storefront/content.views.ts";
import FaqSearch from "./faq/FaqSearch.tsx";
import { useFaqSearch } from "./faq/use-faq-search.ts";

/** The /faq page's searchable list; the page renders the full list on the server first. */
export default function FaqBrowser({ initialFaqs }: { initialFaqs: FaqView[] }) {
  const [query, setQuery] = useState("");
  // The island hydrates when the browser is idle: FaqSearch keeps whatever the shopper typed before that.
  const state = useFaqSearch(query, true, initialFaqs);

  return (
    <div>
      <FaqSearch id="faq-search" query={query} onQueryChange={setQuery} state={state} inputClassName="input py-3 text-base" resultsClassName="mt-6" />
      <div className="card mt-10 p-6 text-center">
        <h2 className="text-lg font-bold">Still have questions?</h2>
        <p className="mt-1 text-sm text-slate-300">Ask our support team in the chat; the chat shows who is online and, when nobody is, we reply by email.</p>
        <button type="button" className="btn-primary mt-4" onClick={openSupportChat}>
          Contact Support
        </button>
      </div>
    </div>
  );
}

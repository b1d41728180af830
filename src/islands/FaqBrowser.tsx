import { useEffect, useRef, useState } from "react";
import { openSupportChat } from "../lib/support-chat.ts";
import type { FaqView } from "#read-models/storefront/content.views.ts";
import FaqList from "./faq/FaqList.tsx";
import { useFaqSearch } from "./faq/use-faq-search.ts";

/** The /faq page's searchable list; the page renders the full list on the server first. */
export default function FaqBrowser({ initialFaqs }: { initialFaqs: FaqView[] }) {
  const [query, setQuery] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const state = useFaqSearch(query, true, initialFaqs);

  // The island hydrates when the browser is idle; keep whatever the shopper typed before that.
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== "") setQuery(typed);
  }, []);

  return (
    <div>
      <label htmlFor="faq-search" className="sr-only">
        Search FAQs
      </label>
      <input
        ref={inputRef}
        id="faq-search"
        type="search"
        placeholder="Search FAQs..."
        autoComplete="off"
        className="input py-3 text-base"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <div className="mt-6" aria-live="polite">
        <FaqList
          state={state}
          query={query}
          onClear={() => {
            setQuery("");
            inputRef.current?.focus();
          }}
        />
      </div>
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

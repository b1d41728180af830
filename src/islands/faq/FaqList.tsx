import { useId } from "react";
import type { FaqSearchState } from "./use-faq-search.ts";

interface Props {
  state: FaqSearchState;
  query: string;
  onClear: () => void;
}

/**
 * The FAQ list with its loading and empty states (spec wording). Items are <details> sharing one
 * name: the browser keeps at most one open, each can be collapsed again, and it works before (or
 * without) JavaScript.
 */
export default function FaqList({ state, query, onClear }: Props) {
  const group = useId();
  if (state.status === "loading") {
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-300">
        Loading FAQs...
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p role="alert" className="py-6 text-center text-sm text-slate-300">
        FAQs could not be loaded. Please try again.
      </p>
    );
  }
  if (state.faqs.length === 0) {
    return query.trim() !== "" ? (
      <div className="py-6 text-center">
        <p className="text-sm text-slate-300">No FAQs found matching your search.</p>
        <button type="button" className="btn-secondary mt-3" onClick={onClear}>
          Clear search
        </button>
      </div>
    ) : (
      <p className="py-6 text-center text-sm text-slate-300">No FAQs available</p>
    );
  }
  return (
    <div className="divide-y divide-ink-700 rounded-xl border border-ink-700 bg-ink-900">
      {state.faqs.map((faq) => (
        <details key={faq.id} name={group} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3 font-medium hover:bg-ink-800 [&::-webkit-details-marker]:hidden">
            <span>{faq.question}</span>
            <svg
              aria-hidden="true"
              width="16"
              height="16"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="shrink-0 transition-transform group-open:rotate-180"
            >
              <path d="m6 9 6 6 6-6" />
            </svg>
          </summary>
          <p className="px-4 pb-4 text-sm leading-relaxed text-slate-300">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}

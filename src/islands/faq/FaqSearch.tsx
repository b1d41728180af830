import { useEffect, useRef } from "react";
import FaqList from "./FaqList.tsx";
import type { FaqSearchState } from "./use-faq-search.ts";

/**
 * The FAQ search box and the answers under it, announced as they change: the /faq page's and the
 * help dialog's. What was typed before the island hydrated is kept; "clear" empties the box and puts
 * the focus back in it.
 */
export default function FaqSearch({
  id,
  query,
  onQueryChange,
  state,
  inputClassName,
  resultsClassName,
}: {
  id: string;
  query: string;
  onQueryChange: (query: string) => void;
  state: FaqSearchState;
  inputClassName: string;
  resultsClassName: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== query) onQueryChange(typed);
    // Once, at hydration: afterwards the input is controlled.
  }, []);
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search FAQs
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        placeholder="Search FAQs..."
        autoComplete="off"
        className={inputClassName}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
      />
      <div className={resultsClassName} aria-live="polite">
        <FaqList
          state={state}
          query={query}
          onClear={() => {
            onQueryChange("");
            inputRef.current?.focus();
          }}
        />
      </div>
    </>
  );
}

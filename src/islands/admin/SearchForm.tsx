import { useState } from "react";

interface Props {
  /** The input's id (its label points at it). */
  id: string;
  /** What the search looks through, said to screen readers ("Search orders"). */
  label: string;
  placeholder: string;
  /** Called with the trimmed text on submit, and with "" once the field is cleared. */
  onSearch: (text: string) => void;
  className?: string;
  inputClassName?: string;
}

/**
 * The admin lists' search box: a search landmark that searches on Enter or the Search button (not
 * on every key, so a long list is asked once) and shows everything again when the field is cleared.
 */
export default function SearchForm({
  id,
  label,
  placeholder,
  onSearch,
  className = "flex w-full min-w-0 gap-2",
  inputClassName = "input min-w-0 flex-1",
}: Props) {
  const [query, setQuery] = useState("");
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(query.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        className={inputClassName}
        type="search"
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (event.target.value === "") onSearch("");
        }}
      />
      <button type="submit" className="btn-secondary">
        Search
      </button>
    </form>
  );
}

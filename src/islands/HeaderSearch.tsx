import { useEffect, useId, useRef, useState } from "react";
import { api } from "../lib/api-client.ts";
import type { ProductView } from "#read-models/storefront/catalogue.views.ts";

/** The spec's search: debounced by 300 ms, at most 8 results (the server caps it too). */
export const SEARCH_DEBOUNCE_MS = 300;

type State = { status: "idle" } | { status: "loading" } | { status: "done"; results: ProductView[] } | { status: "error" };

/**
 * `inMenu`: the phone menu's box, whose results push the menu's game list down instead of lying
 * over it (the menu is narrower than the desktop result list, too).
 */
export default function HeaderSearch({ inMenu = false }: { inMenu?: boolean }) {
  const [text, setText] = useState("");
  const [state, setState] = useState<State>({ status: "idle" });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const boxRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The island hydrates when the browser is idle; keep whatever the shopper typed before that.
  useEffect(() => {
    const typed = inputRef.current?.value ?? "";
    if (typed !== "") {
      setText(typed);
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    const q = text.trim();
    if (q === "") {
      setState({ status: "idle" });
      return;
    }
    // Results of the previous text are dropped at once: while the debounce runs they would be
    // wrong, and Enter on one of them would open a product the shopper is no longer looking for.
    setState({ status: "loading" });
    setActive(-1);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<ProductView[]>("/api/products/search", { q }, { signal: controller.signal })
        .then((results) => setState({ status: "done", results: results.slice(0, 8) }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            console.error("search failed", error);
            setState({ status: "error" });
          }
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, []);

  const results = state.status === "done" ? state.results : [];
  const showList = open && text.trim() !== "" && state.status !== "idle";

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter" && active >= 0 && results[active]) {
      event.preventDefault();
      window.location.assign(`/product/${results[active].id}`);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  // A form: Enter without a highlighted result opens every result (/search?q=), also before hydration.
  return (
    <form
      ref={boxRef}
      role="search"
      aria-label={inMenu ? "Search items (small screens)" : "Search items"}
      action="/search"
      method="get"
      className={inMenu ? "w-full" : "relative w-full sm:w-48 xl:w-64"}
      onSubmit={(event) => {
        if (text.trim() === "") event.preventDefault();
      }}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search items
      </label>
      <input
        ref={inputRef}
        id={`${listId}-input`}
        name="q"
        maxLength={100}
        type="search"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Search items..."
        className="input"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search results"
          className={
            inMenu
              ? "mt-2 max-h-80 overflow-auto rounded-lg border border-ink-700 bg-ink-900 p-1"
              : "card absolute right-0 z-50 mt-2 max-h-96 w-96 max-w-[calc(100vw-2rem)] overflow-auto p-1 shadow-2xl"
          }
        >
          {state.status === "loading" && <li className="px-3 py-2 text-sm text-slate-300">Searching...</li>}
          {state.status === "error" && <li className="px-3 py-2 text-sm text-slate-300">Search is unavailable right now</li>}
          {state.status === "done" && results.length === 0 && <li className="px-3 py-2 text-sm text-slate-300">No items found</li>}
          {results.map((product, index) => (
            // The option itself opens the product: a link inside an option was a control inside a
            // control (axe's nested-interactive, issue 35). The keyboard's Enter does the same.
            <li
              key={product.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-ink-800 ${index === active ? "bg-ink-800" : ""}`}
              onClick={() => window.location.assign(`/product/${product.id}`)}
            >
              <img src={product.image} alt="" width="40" height="40" className="shrink-0 rounded-md" />
              <span className="min-w-0 flex-1">
                <span className="line-clamp-3 text-sm font-medium">{product.name}</span>
                <span className="block truncate text-xs text-slate-300">
                  {product.gameName} · {product.category}
                </span>
              </span>
              <span className="shrink-0 text-sm font-semibold">${product.price}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

// Its server HTML depends on its props alone: rendered once per props (src/lib/react-island-server.ts).
HeaderSearch.rendersFromPropsAlone = true;

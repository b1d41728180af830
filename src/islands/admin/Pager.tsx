/**
 * Previous / Next under an admin list, with where the page is in the whole: "21–40 of 300" and
 * "Page 2 of 15". Hidden while everything fits on one page. A `capped` total (the server counted
 * up to its cap) reads "of 10,000+" and "Page 2 of 500+", and Next stays on past it.
 */
export default function Pager({
  label,
  page,
  pageSize,
  total,
  capped = false,
  onPage,
}: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 0) return null;
  const first = page * pageSize + 1;
  const last = capped ? (page + 1) * pageSize : Math.min(total, (page + 1) * pageSize);
  const more = capped ? "+" : "";
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-center gap-3" aria-label={label}>
      <button type="button" className="btn-secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm text-slate-300" aria-live="polite">
        Page {page + 1} of {pages.toLocaleString("en-US")}
        {more}{" "}
        <span className="text-slate-400">
          ({first}–{last} of {total.toLocaleString("en-US")}
          {more})
        </span>
      </span>
      <button type="button" className="btn-secondary" disabled={!capped && page + 1 >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

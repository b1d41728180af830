import { useState } from "react";
import { LoadMore, type LoadMoreState } from "../ui/load-more.tsx";

/**
 * Rows read a page at a time and shown together, for a chooser whose list can grow (a game's
 * products, a game's holders): `readFirst()` (again after a new search) replaces the rows,
 * `<MoreRows>` under the list reads the next page. `rows` is null until the first page came.
 */
export function useMoreRows<Row>(readPage: (offset: number) => Promise<{ rows: Row[]; total: number }>) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [total, setTotal] = useState(0);
  const [more, setMore] = useState<LoadMoreState>("idle");
  async function read(offset: number) {
    const page = await readPage(offset);
    setRows((was) => [...(offset === 0 ? [] : (was ?? [])), ...page.rows]);
    setTotal(page.total);
  }
  async function showMore() {
    setMore("loading");
    try {
      await read(rows?.length ?? 0);
      setMore("idle");
    } catch {
      setMore("failed");
    }
  }
  return { rows, total, more, readFirst: () => read(0), showMore };
}

/** "Show more products (25 of 300)" under the rows, while some are still unread; `noun` in the plural. */
export function MoreRows({ list, noun, className }: { list: ReturnType<typeof useMoreRows<unknown>>; noun: string; className: string }) {
  if (!list.rows || list.rows.length >= list.total) return null;
  return (
    <LoadMore
      state={list.more}
      ready
      onMore={() => void list.showMore()}
      label={`Show more ${noun} (${list.rows.length} of ${list.total})`}
      loadingLabel={`Loading ${noun}...`}
      failedText={`More ${noun} could not be loaded.`}
      className={className}
    />
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "./api-client.ts";
import { usePolling } from "./use-polling.ts";

type Params = Record<string, string | number | undefined>;

export interface PagedList<T> {
  /** null until the first answer. */
  rows: T[] | null;
  total: number;
  /** `total` is a lower bound (the server's count cap): show it as "10,000+". */
  capped: boolean;
  page: number;
  setPage: (page: number) => void;
  /** The last load failed (rows may still hold an earlier answer). */
  failed: boolean;
  reload: () => void;
}

/**
 * One admin list, a page at a time, paged and filtered on the server (?offset=&limit= plus the
 * filter's parameters; the total comes from X-Total-Count). A change of filter goes back to the
 * first page. With `pollMs` the page is fetched again on that interval (support conversations).
 */
export function usePagedList<T>(path: string, filter: Params, pageSize: number, pollMs?: number): PagedList<T> {
  const [rows, setRows] = useState<T[] | null>(null);
  const [total, setTotal] = useState(0);
  const [capped, setCapped] = useState(false);
  const [page, setPage] = useState(0);
  const [failed, setFailed] = useState(false);
  const filterKey = JSON.stringify(filter);
  const lastFilter = useRef(filterKey);
  const effectivePage = lastFilter.current === filterKey ? page : 0;

  useEffect(() => {
    if (lastFilter.current !== filterKey) {
      lastFilter.current = filterKey;
      setPage(0);
    }
  }, [filterKey]);

  const load = useCallback(async () => {
    try {
      const answer = await api.getPage<T>(path, { ...(JSON.parse(filterKey) as Params), offset: effectivePage * pageSize, limit: pageSize });
      // A page past the end (rows deleted meanwhile): show the last page that has rows.
      if (answer.rows.length === 0 && effectivePage > 0 && answer.total > 0) {
        setPage(Math.max(0, Math.ceil(answer.total / pageSize) - 1));
        return;
      }
      setRows(answer.rows);
      setTotal(answer.total);
      setCapped(answer.capped);
      setFailed(false);
    } catch (error) {
      console.error(`${path} failed to load`, error);
      setFailed(true);
    }
  }, [path, filterKey, effectivePage, pageSize]);

  const { pollNow } = usePolling(load, pollMs ?? 0, pollMs !== undefined);
  useEffect(() => {
    // Polled: the poller runs the new page or filter at once; otherwise load it here.
    if (pollMs === undefined) void load();
    else pollNow();
  }, [load, pollMs, pollNow]);

  return { rows, total, capped, page: effectivePage, setPage, failed, reload: pollMs === undefined ? () => void load() : pollNow };
}

import { useStore } from "@nanostores/react";
import { useMemo, useState } from "react";
import { createFetcherStore } from "#src/stores/admin-catalogue.ts";
import { withQuery } from "./api-client.ts";

/**
 * One page of an admin list the server pages by number (`page` from 1, `pageSize`), fetched and
 * cached by its URL: the audit trail, the mail log. A change of filter should go back to page 1
 * (`setPage(1)`). `pager` is what `Pager` needs beside its label and the total.
 */
export function useFetchedPage<T>(path: string, filters: Record<string, string | undefined>, pageSize: number) {
  const [page, setPage] = useState(1);
  const url = withQuery(path, { ...filters, page, pageSize });
  const $page = useMemo(() => createFetcherStore<T>(url), [url]);
  const fetched = useStore($page);
  const pager = { page: page - 1, pageSize, onPage: (index: number) => setPage(index + 1) };
  return { data: fetched.data, failed: Boolean(fetched.error), setPage, pager };
}

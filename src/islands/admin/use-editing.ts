import { useState } from "react";

/**
 * Which row an admin tab's add/edit form is open for: none, a new row (`add`) or one of the list's
 * (`edit`). `formKey` gives the form a fresh state for another row; a deleted row's open form is
 * closed with `closeIfEditing`.
 */
export function useEditing<Row extends { id: string }>() {
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  return {
    open: editing !== null,
    /** The row edited; null while adding (or closed). */
    row: editing?.row ?? null,
    formKey: editing?.row?.id ?? "new",
    add: () => setEditing({ row: null }),
    edit: (row: Row) => setEditing({ row }),
    close: () => setEditing(null),
    closeIfEditing: (id: string) => {
      if (editing?.row?.id === id) setEditing(null);
    },
  };
}

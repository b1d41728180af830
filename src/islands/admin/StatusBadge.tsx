import { badgeClass } from "#src/lib/admin-ops.ts";

/** An order or submission status with the spec's badge style (admin-panel.md 4). */
export default function StatusBadge({ status }: { status: string }) {
  return <span className={badgeClass(status)}>{status}</span>;
}

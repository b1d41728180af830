/**
 * The row of chips that picks which status a list shows (ratings, review submissions, support
 * conversations): one pressed at a time, each a toggle button a screen reader announces as pressed.
 */
export function StatusFilter<V extends string>({
  label,
  filters,
  value,
  onChange,
  className = "mt-3 flex flex-wrap gap-2",
}: {
  /** The group's name ("Show ratings"). */
  label: string;
  filters: readonly { value: V; label: string }[];
  value: string;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div className={className} role="group" aria-label={label}>
      {filters.map((f) => (
        <button
          key={f.value}
          type="button"
          className={value === f.value ? "chip-active" : "chip"}
          aria-pressed={value === f.value}
          onClick={() => onChange(f.value)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}

import { Options } from "./Options.tsx";

interface Props {
  /** The visible label above the list ("Kind", "Status"). */
  label: string;
  value: string;
  /** The choice that filters nothing ("All changes"), sent as "". */
  allLabel: string;
  options: readonly { value: string; label: string }[];
  /** Called with the new value; the list goes back to its first page. */
  onChange: (value: string) => void;
  className?: string;
}

/** A labelled choice that narrows an admin list (kind, administrator, status). */
export default function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
  className = "flex min-w-0 flex-1 flex-col gap-1 text-sm sm:flex-none",
}: Props) {
  return (
    <label className={className}>
      {label}
      <select className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        <Options choices={options} />
      </select>
    </label>
  );
}

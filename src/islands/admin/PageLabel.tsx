/** A viewed page in the Analytics tab: its name, and its path under it (issue 47), always both. */
export function PageLabel({ name, path }: { name: string; path: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block break-words">{name}</span>
      <span className="block break-all font-mono text-xs text-slate-400">{path}</span>
    </span>
  );
}

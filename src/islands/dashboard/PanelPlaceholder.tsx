/**
 * A dashboard panel before its data came: its heading (the panel's name, by `${id}-title`) and
 * "Loading ..." (busy), or why it could not load (an alert).
 */
export function PanelPlaceholder({ id, title, loading, error }: { id: string; title: string; loading: string; error: string | null }) {
  return (
    <section className="card p-6" aria-labelledby={`${id}-title`} aria-busy={!error}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <p className="mt-3 text-sm text-slate-300" role={error ? "alert" : undefined}>
        {error ?? loading}
      </p>
    </section>
  );
}

/** The tabs the next release brings (orders, reviews, discounts, users, support, analytics). */
export default function ComingSoon({ label }: { label: string }) {
  return (
    <section className="card p-8 text-center" aria-label={label}>
      <h2 className="text-xl font-bold">{label}</h2>
      <p className="mt-2 text-slate-300">The {label} screen is coming in the next release.</p>
    </section>
  );
}

/**
 * The dashboard for a visitor without a session (storefront.md: "a login-required prompt"): drawn
 * by the page for a signed-out visitor, and by the dashboard's shell when the session ended before
 * its data was read. `here` is the path and query to come back to after logging in.
 */
export function LoginRequired({ here }: { here: string }) {
  return (
    <section className="card mx-auto max-w-md p-8 text-center" aria-labelledby="login-required">
      <h1 id="login-required" className="text-2xl font-bold">
        Login required
      </h1>
      <p className="mt-2 text-slate-300">Please log in to see your orders, wishlist and rewards.</p>
      <a href={`/login?redirect=${encodeURIComponent(here).replaceAll("%2F", "/")}`} className="btn-primary mt-6">
        Log in
      </a>
    </section>
  );
}

/**
 * The storefront's page-view tracker (storefront.md: "fires on every location change"; payload
 * page, pageTitle, referrer or null; failure only logged). Loaded by BaseLayout as a deferred
 * module, so it never delays the page. It reports the first load, every URL change an island makes
 * with the History API, back/forward, and a page restored from the back/forward cache. Only the
 * path is sent as `page`: query strings can hold search text or emails, and top pages group by
 * path. A change of the hash alone (an anchor on the same page) is not a new location.
 */
let lastLocation = "";

function track(referrer: string | null): void {
  const location = window.location.pathname + window.location.search;
  if (location === lastLocation) return;
  lastLocation = location;
  const body = JSON.stringify({ page: window.location.pathname, pageTitle: document.title, referrer: referrer || null });
  fetch("/api/tracking/page-view", {
    method: "POST",
    credentials: "include",
    keepalive: true,
    headers: { "content-type": "application/json" },
    body,
  })
    .then((response) => {
      if (!response.ok) console.warn(`page-view tracking failed: HTTP ${response.status}`);
    })
    .catch((error: unknown) => console.warn("page-view tracking failed", error));
}

track(document.referrer);

let currentHref = window.location.href;
function locationChanged(): void {
  const previous = currentHref;
  currentHref = window.location.href;
  // Let the island update the title first.
  setTimeout(() => track(previous), 0);
}

for (const method of ["pushState", "replaceState"] as const) {
  const original = history[method];
  history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
    original.apply(this, args);
    if (window.location.href !== currentHref) locationChanged();
  };
}
window.addEventListener("popstate", locationChanged);
window.addEventListener("pageshow", (event) => {
  if (!event.persisted) return;
  lastLocation = "";
  track(document.referrer);
});

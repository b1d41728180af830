/**
 * The Analytics tab's name for a page a visitor viewed (issue 47): Top Pages mixed product names
 * with raw paths ("/faq", "/blog/..."), so every page is named the same way here, and the tab
 * shows the path under the name.
 */
const SITE_PAGES: Record<string, string> = {
  "/": "Home",
  "/shop": "All games",
  "/cart": "Cart",
  "/checkout": "Checkout",
  "/dashboard": "Dashboard",
  "/login": "Log in",
  "/forgot-password": "Forgot password",
  "/reset-password": "Reset password",
  "/verify-email": "Verify email",
  "/about": "About",
  "/contact": "Contact",
  "/faq": "FAQ",
  "/how-it-works": "How It Works",
  "/terms": "Terms of Service",
  "/privacy": "Privacy Policy",
  "/refunds": "Refund Policy",
  "/blog": "Blog",
  "/search": "Search results",
  "/stock-alerts/unsubscribe": "Stock alert unsubscribe",
};

export interface CatalogueNames {
  products: readonly { id: string; name: string }[];
  games: readonly { slug: string; name: string }[];
}

/** "Dragon Fruit (Permanent)", "Blox Fruits", "Home", "Blog post", or "Other page" for a path the shop has no page for. */
export function pageName(page: string, catalogue: CatalogueNames): string {
  const path = page.split(/[?#]/)[0]!.replace(/(.)\/+$/, "$1") || "/";
  const known = SITE_PAGES[path];
  if (known) return known;
  const segment = (prefix: string) => {
    const match = new RegExp(`^${prefix}/([^/]+)$`).exec(path)?.[1];
    if (match === undefined) return null;
    try {
      return decodeURIComponent(match);
    } catch {
      return match;
    }
  };
  const product = segment("/product");
  if (product !== null) return catalogue.products.find((p) => p.id === product)?.name ?? "A product no longer in the shop";
  const game = segment("/shop");
  if (game !== null) return catalogue.games.find((g) => g.slug === game)?.name ?? "A game no longer in the shop";
  if (segment("/blog") !== null) return "Blog post";
  return "Other page";
}

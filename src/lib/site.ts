/**
 * Facts about the shop that several pages show; none is a figure (issue 36: those are computed or
 * the owner's, read-models/storefront/shop-figures.queries.ts). The shop's
 * name and support address are configuration (SHOP_NAME, SUPPORT_EMAIL: config.shop).
 */
export const SITE_TAGLINE = "Robux and in-game items for your favourite Roblox games, delivered in about 20 minutes.";
export const FOOTER_GAME_LIMIT = 5;

export const INFO_LINKS = [
  { href: "/about", label: "About" },
  { href: "/how-it-works", label: "How It Works" },
  { href: "/faq", label: "FAQ" },
  { href: "/blog", label: "Blog" },
  { href: "/contact", label: "Contact" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/refunds", label: "Refund Policy" },
  { href: "/terms", label: "Terms of Service" },
] as const;

/**
 * Static pages listed in the sitemap. The policy pages (privacy, refunds, terms) are noindex, and a
 * sitemap must not list pages it asks search engines to leave out.
 */
export const SITEMAP_STATIC_PATHS = ["/", "/shop", "/about", "/how-it-works", "/contact", "/faq", "/blog"] as const;

/** Paths crawlers are asked to stay out of: private, transactional or machine-facing. */
export const ROBOTS_DISALLOW = ["/admin", "/dashboard", "/checkout", "/cart", "/api"] as const;

/** Facts about the shop that several pages show. Marketing figures are the spec's own. */
export const SITE_NAME = "BloxBazaar";
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

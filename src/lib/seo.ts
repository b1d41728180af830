/** The canonical absolute URL of a path on this site, from PUBLIC_URL (query strings dropped). */
export function canonicalUrl(publicUrl: string, path: string): string {
  const clean = path.split("?")[0] ?? "/";
  return `${publicUrl}${clean.startsWith("/") ? clean : `/${clean}`}`;
}

/** Cuts text to a meta description's length at a word boundary. */
export function metaDescription(text: string, max = 155): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, flat.lastIndexOf(" ", max - 1))}…`;
}

/**
 * Pictures the store draws itself for games and items, so the shop works with no internet and no
 * hot-linked images. The picture is a pure function of the name: the same URL always gives the
 * same bytes, so browsers may cache it for good.
 */
const PALETTES = [
  ["#7c5cff", "#2b1a7a"],
  ["#ff5c8a", "#7a1a3d"],
  ["#22c55e", "#0f4d2a"],
  ["#f59e0b", "#7a4a05"],
  ["#06b6d4", "#0b4a5a"],
  ["#ef4444", "#6b1111"],
  ["#a855f7", "#4c1d6e"],
  ["#3b82f6", "#172f6b"],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** "frost-dragon" -> "Frost Dragon". */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

function initials(title: string): string {
  const words = title.split(" ").filter((w) => /^[A-Za-z0-9]/.test(w));
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("");
}

export function placeholderSvg(kind: "game" | "item" | "og", slug: string): string {
  const title = titleFromSlug(slug).slice(0, 40);
  const h = hash(`${kind}:${slug}`);
  const [light, dark] = PALETTES[h % PALETTES.length] ?? PALETTES[0];
  const angle = h % 360;
  const width = kind === "og" ? 1200 : 400;
  const height = kind === "og" ? 630 : 400;
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const v = hash(`${slug}:${i}`);
    return `<circle cx="${v % width}" cy="${(v >>> 8) % height}" r="${20 + (v % 60)}" fill="#fff" opacity="0.07"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}
<text x="50%" y="${kind === "item" ? "46%" : "50%"}" text-anchor="middle" dominant-baseline="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="${kind === "og" ? 160 : 120}" fill="#fff" opacity="0.95">${escapeXml(initials(title) || "?")}</text>
${kind === "og" ? "" : `<text x="50%" y="${kind === "item" ? "78%" : "86%"}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="600" font-size="28" fill="#fff" opacity="0.9">${escapeXml(title.length > 24 ? `${title.slice(0, 23)}…` : title)}</text>`}
</svg>`;
}

/**
 * Pictures the store draws itself for games and items, so the shop works with no internet and no
 * hot-linked images. The picture is a pure function of its URL's name: the same URL always gives the
 * same bytes, so browsers may cache it for good.
 *
 * An item's name may carry its category before a double dash ("godly-knives--harvester"): the
 * category picks the icon (a knife, a paw, a fruit...). Names without one (pictures saved before the
 * category was part of the URL) get the icon their words suggest. Every item picture shows the whole name,
 * wrapped onto up to three lines at a size that fits; colours and pattern follow from the name, so
 * two fruits of one game never look alike.
 */

export type PictureKind = "game" | "item" | "og";

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SMALL_WORDS = new Set(["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with"]);

/** "frost-dragon" -> "Frost Dragon"; "1-700-robux-pack" -> "1,700 Robux Pack"; "10m-diamonds" -> "10M Diamonds". */
export function titleFromSlug(slug: string): string {
  const words = slug.split("-").filter(Boolean);
  const out: string[] = [];
  for (const word of words) {
    const previous = out.at(-1);
    // Thousands were written with a comma ("1,700"): a 3-digit group after a number joins it.
    if (previous !== undefined && /^\d{1,3}(,\d{3})*$/.test(previous) && /^\d{3}$/.test(word)) {
      out[out.length - 1] = `${previous},${word}`;
      continue;
    }
    // "10m" is ten million (10M), "2x" a multiplier; small words inside a title stay lower case
    // ("Grow a Garden", "Plants vs Brainrots"); any other word is capitalised.
    if (/^\d+[kmb]$/.test(word)) out.push(word.toUpperCase());
    else if (/^\d+[a-z]$/.test(word) || (out.length > 0 && SMALL_WORDS.has(word))) out.push(word);
    else out.push(word.charAt(0).toUpperCase() + word.slice(1));
  }
  return out.join(" ");
}

type Icon =
  | "fruit"
  | "paw"
  | "blade"
  | "gun"
  | "ticket"
  | "gem"
  | "coin"
  | "sprout"
  | "flask"
  | "gift"
  | "shield"
  | "bolt"
  | "door"
  | "heart"
  | "gear"
  | "burst"
  | "star"
  | "controller";

/** Which icon a category or a name suggests; the first rule whose words match wins. */
const ICON_RULES: [RegExp, Icon][] = [
  [/\b(fruits?)\b/, "fruit"],
  [/\b(pets?|cat|dog|dragon|unicorn|owl|parrot|frog|bat|hell-rock|adopt)\b/, "paw"],
  [/\b(knife|knives|blade|sword|swords|scythe|harvester|gingerblade|icebreaker|corrupt|batwing|katana|murder)\b/, "blade"],
  [/\b(guns?|luger|pistol|icepiercer|lightbringer|blaster)\b/, "gun"],
  [/\b(gamepass|gamepasses|pass|vip)\b/, "ticket"],
  [/\b(robux)\b/, "coin"],
  [/\b(diamonds?|gems?|crystals?)\b/, "gem"],
  [/\b(seeds?|plants?|sprout|carrot|mushroom|bamboo|garden)\b/, "sprout"],
  [/\b(potions?|boosts?|elixir)\b/, "flask"],
  [/\b(bundles?|pack|packs|starter|crate|box)\b/, "gift"],
  [/\b(units?|godly-units|mythic-units)\b/, "shield"],
  [/\b(brainrots?|brainrot-gods)\b/, "bolt"],
  [/\b(knobs?|doors?)\b/, "door"],
  [/\b(revives?|lives?)\b/, "heart"],
  [/\b(gear|tools?)\b/, "gear"],
  [/\b(explosions?|nukes?|bombs?|tsunami)\b/, "burst"],
];

function iconFor(text: string): Icon {
  const words = text.replace(/-/g, " ");
  for (const [pattern, icon] of ICON_RULES) if (pattern.test(words) || pattern.test(text)) return icon;
  return "star";
}

/** The icon drawn in a 100 x 100 box, white on the picture's colours. */
function iconSvg(icon: Icon): string {
  const line = (width = 6) => `fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
  switch (icon) {
    case "fruit":
      return `<circle cx="50" cy="58" r="34" fill="#fff" fill-opacity="0.92"/><path d="M50 26c0-10 6-16 14-18" ${line()}/><path d="M52 22c10-8 24-6 28 2-10 6-22 6-28-2z" fill="#fff"/>`;
    case "paw":
      return `<ellipse cx="50" cy="66" rx="22" ry="18" fill="#fff"/><circle cx="24" cy="42" r="10" fill="#fff"/><circle cx="40" cy="26" r="10" fill="#fff"/><circle cx="60" cy="26" r="10" fill="#fff"/><circle cx="76" cy="42" r="10" fill="#fff"/>`;
    case "blade":
      return `<path d="M78 8 L34 62 L42 70 L92 22 Z" fill="#fff"/><path d="M26 58 L46 78" ${line()}/><path d="M34 70 L14 90" ${line(9)}/>`;
    case "gun":
      return `<path d="M8 30 H86 V48 H46 L40 80 H20 L26 48 H8 Z" fill="#fff"/><path d="M50 48 Q56 60 46 62" ${line()}/>`;
    case "ticket":
      return `<path d="M8 28 H92 V44 A8 8 0 0 0 92 58 V74 H8 V58 A8 8 0 0 0 8 44 Z" fill="#fff"/><path d="M36 34 V68" stroke="#000" stroke-opacity="0.35" stroke-width="4" stroke-dasharray="6 6"/>`;
    case "gem":
      return `<path d="M26 14 H74 L94 38 L50 92 L6 38 Z" fill="#fff"/><path d="M6 38 H94 M26 14 L38 38 L50 92 L62 38 L74 14" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`;
    case "coin":
      return `<circle cx="50" cy="50" r="40" fill="#fff"/><path d="M50 22 L74 36 V64 L50 78 L26 64 V36 Z" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="6"/><rect x="42" y="42" width="16" height="16" fill="#000" fill-opacity="0.35"/>`;
    case "sprout":
      return `<path d="M50 92 V44" ${line(8)}/><path d="M50 52 C30 52 16 40 14 20 C34 20 48 30 50 52 Z" fill="#fff"/><path d="M50 44 C54 24 68 12 88 12 C86 34 70 44 50 44 Z" fill="#fff"/>`;
    case "flask":
      return `<path d="M38 8 H62 M42 8 V38 L16 84 Q12 92 22 92 H78 Q88 92 84 84 L58 38 V8" fill="#fff" stroke="#fff" stroke-width="6" stroke-linejoin="round"/><circle cx="42" cy="74" r="6" fill="#000" fill-opacity="0.3"/><circle cx="60" cy="66" r="4" fill="#000" fill-opacity="0.3"/>`;
    case "gift":
      return `<rect x="10" y="38" width="80" height="52" rx="6" fill="#fff"/><rect x="6" y="26" width="88" height="18" rx="4" fill="#fff"/><path d="M50 26 V90" stroke="#000" stroke-opacity="0.3" stroke-width="8"/><path d="M50 26 C40 6 20 10 28 24 M50 26 C60 6 80 10 72 24" ${line()}/>`;
    case "shield":
      return `<path d="M50 6 L88 20 V48 C88 72 70 88 50 96 C30 88 12 72 12 48 V20 Z" fill="#fff"/><path d="M50 28 L56 44 H72 L59 54 L64 70 L50 60 L36 70 L41 54 L28 44 H44 Z" fill="#000" fill-opacity="0.3"/>`;
    case "bolt":
      return `<path d="M58 4 L18 56 H46 L38 96 L82 40 H54 Z" fill="#fff"/>`;
    case "door":
      return `<rect x="22" y="6" width="56" height="88" rx="4" fill="#fff"/><circle cx="66" cy="52" r="6" fill="#000" fill-opacity="0.35"/><path d="M32 18 H68 V40 H32 Z" fill="#000" fill-opacity="0.15"/>`;
    case "heart":
      return `<path d="M50 90 C20 68 6 52 6 34 C6 20 17 10 30 10 C40 10 46 16 50 24 C54 16 60 10 70 10 C83 10 94 20 94 34 C94 52 80 68 50 90 Z" fill="#fff"/>`;
    case "gear":
      return `<path d="M50 8 l8 0 l3 12 l10 5 l11 -6 l6 6 l-6 11 l5 10 l12 3 l0 8 l-12 3 l-5 10 l6 11 l-6 6 l-11 -6 l-10 5 l-3 12 l-8 0 l-3 -12 l-10 -5 l-11 6 l-6 -6 l6 -11 l-5 -10 l-12 -3 l0 -8 l12 -3 l5 -10 l-6 -11 l6 -6 l11 6 l10 -5 z" fill="#fff" transform="translate(-4 0)"/><circle cx="50" cy="50" r="14" fill="#000" fill-opacity="0.3"/>`;
    case "burst":
      return `<path d="M50 4 L60 34 L92 22 L72 48 L96 66 L64 66 L66 96 L50 72 L34 96 L36 66 L4 66 L28 48 L8 22 L40 34 Z" fill="#fff"/>`;
    case "controller":
      return `<path d="M22 30 H78 C90 30 96 44 96 60 C96 76 88 84 80 84 C72 84 68 72 62 68 H38 C32 72 28 84 20 84 C12 84 4 76 4 60 C4 44 10 30 22 30 Z" fill="#fff"/><path d="M24 48 V64 M16 56 H32" stroke="#000" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/><circle cx="70" cy="50" r="5" fill="#000" fill-opacity="0.35"/><circle cx="80" cy="60" r="5" fill="#000" fill-opacity="0.35"/>`;
    case "star":
      return `<path d="M50 4 L62 36 L96 38 L70 60 L78 94 L50 76 L22 94 L30 60 L4 38 L38 36 Z" fill="#fff"/>`;
  }
}

/** Bold sans-serif is about 0.62 em wide per character on average; wide letters are counted wider. */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const c of text) em += /[MWmw@%]/.test(c) ? 0.9 : /[A-Z0-9#&]/.test(c) ? 0.7 : /[iljt.,'!|() ]/.test(c) ? 0.34 : 0.6;
  return em * size;
}

/** Greedy word wrap; a word too long for a line is cut into line-sized parts. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    let rest = word;
    while (textWidth(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(`${rest.slice(0, cut)}-`, size) > width) cut--;
      if (line) lines.push(line);
      lines.push(`${rest.slice(0, cut)}-`);
      line = "";
      rest = rest.slice(cut);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (textWidth(next, size) <= width) line = next;
    else {
      lines.push(line);
      line = rest;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The same number of lines as a greedy wrap, but as even as they go ("Pet Simulator" / "99" becomes one line pair of similar length). */
function balanced(title: string, size: number, width: number): string[] {
  const greedy = wrap(title, size, width);
  if (greedy.length < 2) return greedy;
  let best = greedy;
  for (let w = width - 8; w >= width / 2; w -= 8) {
    const lines = wrap(title, size, w);
    // Never fewer words per line at the price of cutting a word in two.
    const cuts = (list: string[]) => list.filter((l) => l.endsWith("-")).length;
    if (lines.length > greedy.length || cuts(lines) > cuts(greedy)) break;
    best = lines;
  }
  return best;
}

/** The largest size (from `sizes`) at which the title fits in `maxLines` lines of `width`, lines balanced. */
export function fitTitle(title: string, width: number, maxLines: number, sizes: number[]): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrap(title, size, width);
    if (lines.length <= maxLines) return { size, lines: balanced(title, size, width) };
  }
  const size = sizes.at(-1)!;
  return { size, lines: wrap(title, size, width).slice(0, maxLines) };
}

function background(seed: string, width: number, height: number): string {
  const h = hash(seed);
  // A hue anywhere on the wheel (not one of a few palettes), so neighbours in a grid rarely match.
  const hue = h % 360;
  const light = `hsl(${hue} 78% 52%)`;
  const dark = `hsl(${(hue + 25) % 360} 70% 18%)`;
  const angle = (h >>> 4) % 360;
  const shapes = Array.from({ length: 7 }, (_, i) => {
    const v = hash(`${seed}:${i}`);
    const r = 18 + (v % 70);
    return i % 2
      ? `<circle cx="${v % width}" cy="${(v >>> 8) % height}" r="${r}" fill="#fff" opacity="0.08"/>`
      : `<rect x="${v % width}" y="${(v >>> 8) % height}" width="${r * 1.4}" height="${r * 1.4}" rx="${r / 3}" transform="rotate(${(v >>> 16) % 90} ${v % width} ${(v >>> 8) % height})" fill="#fff" opacity="0.06"/>`;
  }).join("");
  return `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes}`;
}

function titleText(lines: string[], size: number, centerX: number, firstBaseline: number): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${centerX}" y="${firstBaseline + i * size * 1.15}" text-anchor="middle" font-family="DejaVu Sans,Verdana,system-ui,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("");
}

/** The SVG for /img/{kind}/{name}.svg. */
export function placeholderSvg(kind: PictureKind, name: string): string {
  const [categorySlug, itemSlug] = name.includes("--") ? [name.slice(0, name.indexOf("--")), name.slice(name.indexOf("--") + 2)] : ["", name];
  const title = titleFromSlug(itemSlug).slice(0, 80) || "Item";
  // A game gets the icon its name suggests (a fruit for Blox Fruits, a door for Doors), else a controller.
  const suggested = iconFor(categorySlug || itemSlug);
  const icon = kind === "game" && suggested === "star" ? "controller" : suggested;
  const width = kind === "og" ? 1200 : 400;
  const height = kind === "og" ? 630 : 400;
  const seed = `${kind}:${name}`;
  const label = categorySlug ? titleFromSlug(categorySlug) : "";

  if (kind === "og") {
    const { size, lines } = fitTitle(title, 700, 3, [88, 76, 64, 54, 46]);
    const top = height / 2 - ((lines.length - 1) * size * 1.15) / 2 + size * 0.35;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
${background(seed, width, height)}
<g transform="translate(90 175) scale(2.8)">${iconSvg(icon)}</g>
<g>${titleText(lines, size, 780, top)}</g>
</svg>`;
  }

  // A game's picture is its icon alone: every place that shows it names the game beside it (a game
  // card's caption, the game page's heading), and the name drawn in the picture too was printed twice.
  // The name stays the picture's accessible label.
  if (kind === "game") {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
${background(seed, width, height)}
<g transform="translate(100 100) scale(2)" opacity="0.95">${iconSvg(icon)}</g>
</svg>`;
  }

  // 400 x 400: the icon above, the whole name below on a dark band that keeps it legible on any colour.
  const { size, lines } = fitTitle(title, 344, 3, [40, 34, 30, 26, 22, 19]);
  const lineHeight = size * 1.15;
  const band = Math.max(118, lines.length * lineHeight + 40);
  const bandTop = height - band;
  const iconSize = Math.min(150, bandTop - 50);
  const iconScale = iconSize / 100;
  const iconX = (width - iconSize) / 2;
  const iconY = (bandTop - iconSize) / 2 + (label ? 8 : 0);
  const firstBaseline = bandTop + (band - lines.length * lineHeight) / 2 + size * 0.85;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">
${background(seed, width, height)}
${label ? `<text x="20" y="38" font-family="DejaVu Sans,Verdana,system-ui,sans-serif" font-weight="700" font-size="18" letter-spacing="2" fill="#fff" opacity="0.85">${escapeXml(label.toUpperCase().slice(0, 28))}</text>` : ""}
<g transform="translate(${iconX} ${iconY}) scale(${iconScale})" opacity="0.95">${iconSvg(icon)}</g>
<rect x="0" y="${bandTop}" width="${width}" height="${band}" fill="#0b0b17" fill-opacity="0.55"/>
${titleText(lines, size, width / 2, firstBaseline)}
</svg>`;
}

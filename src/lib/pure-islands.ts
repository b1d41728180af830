// The server HTML of pure islands, kept (issue 22, docs/benchmarks.md). An island marked pure
// (`rendersFromPropsAlone`, src/lib/react-island-server.ts) renders to HTML that depends on its props alone, so React's server render
// of it is done once per props and place on the page and the HTML is reused: the same bytes React
// would write. The store's React renderer (src/lib/react-island-server.ts) calls this; nothing else
// imports it.

/** What Astro's React renderer answers for an island: its HTML and the island element's attributes. */
export interface IslandHtml {
  html: string;
  attrs: Record<string, unknown>;
}

/** How much island HTML is kept: entries, and bytes (UTF-16, as the strings are held). */
export interface IslandHtmlLimits {
  maxEntries: number;
  maxBytes: number;
}

/** Enough for every pure island on every page of the demo store many times over, at a few MB. */
export const ISLAND_HTML_LIMITS: IslandHtmlLimits = { maxEntries: 512, maxBytes: 4 * 1024 * 1024 };

type Render = () => Promise<IslandHtml>;

/** Props that can key the HTML: strings, numbers, booleans and null. Anything else renders anew. */
function plainProps(props: Record<string, unknown>): boolean {
  for (const key in props) {
    const value = props[key];
    if (value !== null && typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return false;
  }
  return true;
}

/**
 * A keeper of island HTML. `render(component, prefix, props, renderAnew)` answers the kept HTML for
 * this component, React id prefix (useId's ids start with it, so it is part of the HTML) and props,
 * or renders it with `renderAnew` and keeps it. Over a limit, the oldest entries are dropped first.
 */
export function createIslandHtmlKeeper(limits: IslandHtmlLimits = ISLAND_HTML_LIMITS) {
  const componentIds = new WeakMap<object, number>();
  let components = 0;
  const kept = new Map<string, IslandHtml>();
  let bytes = 0;

  function keep(key: string, island: IslandHtml): void {
    const size = island.html.length * 2;
    if (size > limits.maxBytes) return;
    kept.set(key, { html: island.html, attrs: { ...island.attrs } });
    bytes += size;
    for (const [oldKey, old] of kept) {
      if (kept.size <= limits.maxEntries && bytes <= limits.maxBytes) break;
      kept.delete(oldKey);
      bytes -= old.html.length * 2;
    }
  }

  return {
    async render(component: object, prefix: string, props: Record<string, unknown>, renderAnew: Render): Promise<IslandHtml> {
      if (!plainProps(props)) return renderAnew();
      let id = componentIds.get(component);
      if (id === undefined) componentIds.set(component, (id = ++components));
      const key = `${id}\u0000${prefix}\u0000${JSON.stringify(props)}`;
      const island = kept.get(key);
      // A copy of the attributes: Astro adds to the object it is given.
      if (island) return { html: island.html, attrs: { ...island.attrs } };
      const fresh = await renderAnew();
      keep(key, fresh);
      return fresh;
    },
    /** Entries and bytes kept now (for the tests). */
    size(): { entries: number; bytes: number } {
      return { entries: kept.size, bytes };
    },
  };
}

/** The process's keeper, which Astro's React renderer uses. */
export const pureIslands = createIslandHtmlKeeper();

// Astro's server renderer for the store's React islands, registered by build/react-islands.mjs in
// place of @astrojs/react's own (whose client entrypoint still hydrates them in the browser). Astro
// loads it the same way in `astro dev` and in the server build. It renders as @astrojs/react does
// with experimentalDisableStreaming (to a string: none of our islands suspends on the server, and
// the stream's machinery was the largest share of an uncached page's rendering, issue 22), with
// three differences:
// - Each island is rendered with its React identifierPrefix, the `prefix` Astro writes on the island
//   and the browser hydrates it with. @astrojs/react's string render left it out, so every island's
//   useId ids were the same on the server (the two header search boxes both "_R_0_", a label named
//   the other island's input) and changed at the first client render (issue 35).
// - `check` answers yes for any function or React element type without rendering it: React is the
//   only framework renderer here, and @astrojs/react's check rendered each island a second time.
// - An island marked pure is rendered once per props and place on the page and its HTML reused
//   (src/lib/pure-islands.ts; about a tenth of an uncached game page's CPU, docs/benchmarks.md).
//   Pure means its server HTML is a function of its props alone: no time, randomness, store, cookie
//   or global read while rendering on the server. The island says so itself, next to the code the
//   claim is about: `HeaderSearch.rendersFromPropsAlone = true` (a property, not an import, so the
//   browser gets no extra chunk). An island that reads anything else must not: it would show the
//   first visitor's answer to all. An island with children or slots, or with props other than
//   strings, numbers, booleans and null, is rendered every time.
// Not carried over: experimentalReactChildren and Astro actions' form state (the store uses
// neither; an island posting an Astro action form would need @astrojs/react's getFormState).

import { createElement, memo, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { pureIslands, type IslandHtml } from "./pure-islands.ts";

type Props = Record<string, unknown>;
type Slots = Record<string, string | undefined>;
interface Metadata {
  astroStaticSlot?: boolean;
  hydrate?: string;
}

/** Whether an island declared its server HTML a function of its props alone (see above). */
function isPureIsland(Component: unknown): boolean {
  return typeof Component === "function" && (Component as { rendersFromPropsAlone?: unknown }).rendersFromPropsAlone === true;
}

/** The number of islands rendered so far on each page being rendered (Astro's result object). */
const islandsOnPage = new WeakMap<object, number>();

/** The next island's React id prefix on this page: r0, r1, ... in the order Astro renders them. */
function nextPrefix(result: object): string {
  const index = islandsOnPage.get(result) ?? 0;
  islandsOnPage.set(result, index + 1);
  return `r${index}`;
}

/** A slot's HTML inside the island: an <astro-slot> the client renderer fills again on hydration. */
const StaticHtml = memo(
  ({ value, name, hydrate }: { value: string | undefined; name?: string; hydrate: boolean }) =>
    value == null || value.trim() === ""
      ? null
      : createElement(hydrate ? "astro-slot" : "astro-static-slot", { name, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: value } }),
  () => true,
);

const slotName = (key: string) => key.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());
// React 19 writes resource hints into a string render; Astro's page head has its own.
const RESOURCE_LINKS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

function renderIsland(Component: ComponentType<Props>, props: Props, slots: Slots, metadata: Metadata | undefined, prefix: string | undefined): IslandHtml {
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const { default: children, ...named } = slots;
  const { class: _class, ...islandProps } = props;
  for (const [key, value] of Object.entries(named)) {
    const name = slotName(key);
    islandProps[name] = createElement(StaticHtml, { hydrate, value, name });
  }
  const content = children ?? props["children"];
  if (content != null) islandProps["children"] = createElement(StaticHtml, { hydrate, value: String(content) });
  const html = renderToString(createElement(Component, islandProps), { identifierPrefix: prefix });
  return { html: html.replace(RESOURCE_LINKS, ""), attrs: prefix === undefined ? {} : { prefix } };
}

async function check(Component: unknown): Promise<boolean> {
  if (typeof Component === "function") return true;
  const type = (Component as { $$typeof?: symbol } | null)?.$$typeof;
  return typeof Component === "object" && typeof type === "symbol" && type.description?.startsWith("react.") === true;
}

async function renderToStaticMarkup(
  this: { result?: object } | undefined,
  Component: ComponentType<Props>,
  props: Props,
  slots: Slots,
  metadata?: Metadata,
): Promise<IslandHtml> {
  const prefix = this?.result ? nextPrefix(this.result) : undefined;
  const render = async () => renderIsland(Component, props, slots, metadata, prefix);
  if (prefix === undefined || !isPureIsland(Component) || Object.keys(slots).length > 0) return render();
  return pureIslands.render(Component, prefix, props, render);
}

export default { name: "@astrojs/react", check, renderToStaticMarkup, supportsAstroStaticSlot: true };

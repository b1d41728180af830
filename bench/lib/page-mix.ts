// The storefront's reads while something else runs (a drop's burst of checkouts): `connections`
// loops, each fetching the next path of the mix until stopped, every answer's time kept. A guest's
// pages and API, and a signed-in shopper's cart, dashboard and cart API, as a shop's traffic mixes them.
import { percentile } from "./checkout-load.ts";

export interface PageMixPath {
  path: string;
  /** A signed-in shopper's Cookie header, or none for a guest. */
  cookie?: string;
}

export interface PageMixResult {
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  /** p99 per path, to see which page is slow during the burst. */
  p99ByPathMs: Record<string, number>;
}

export function startPageMix(bases: string[], paths: PageMixPath[], connections: number): { stop: () => Promise<PageMixResult> } {
  const key = (p: PageMixPath) => (p.cookie ? `${p.path} (signed in)` : p.path);
  const times = new Map<string, number[]>(paths.map((p) => [key(p), []]));
  let failures = 0;
  let running = true;
  const loops = Array.from({ length: connections }, async (_, loop) => {
    for (let i = loop; running; i++) {
      const entry = paths[i % paths.length]!;
      const { path, cookie } = entry;
      const t0 = performance.now();
      try {
        const res = await fetch(`${bases[loop % bases.length]!}${path}`, { headers: cookie ? { cookie } : {} });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        times.get(key(entry))!.push(performance.now() - t0);
      } catch {
        failures++;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      const all = [...times.values()].flat();
      return {
        requests: all.length,
        failures,
        p50Ms: percentile(all, 50),
        p99Ms: percentile(all, 99),
        p99ByPathMs: Object.fromEntries([...times].map(([path, t]) => [path, percentile(t, 99)])),
      };
    },
  };
}

/** One hit on a tracking limit: the key it counts against and the hits per minute the key may make. */
export interface TrackingHit {
  key: string;
  limit: number;
}

/**
 * Tracking's rate-limit rule: a hit is admitted while its key's hits in the current window,
 * counting this one, are at most the limit. A refused hit still counts, so a client that keeps
 * sending stays refused until the window ends.
 */
export function admitsHit(hitsInWindow: number, limit: number): boolean {
  return hitsInWindow <= limit;
}

/**
 * The rule applied to hits counted together (one window, one write): `countAfter` holds each key's
 * hits in the window once all of `hits` were counted. The hits are taken in order, so the same
 * hits sent one by one would get the same answers. Returns, for each hit, whether it is admitted.
 * A key missing from `countAfter` is a bug of the caller and throws.
 */
export function admitHits(hits: readonly TrackingHit[], countAfter: ReadonlyMap<string, number>): boolean[] {
  const inBatch = new Map<string, number>();
  for (const { key } of hits) inBatch.set(key, (inBatch.get(key) ?? 0) + 1);
  // Each key's count before these hits; the i-th hit of a key brings it to before + i.
  const counted = new Map<string, number>();
  for (const [key, n] of inBatch) {
    const after = countAfter.get(key);
    if (after === undefined) throw new Error(`no count for tracking key ${key}`);
    counted.set(key, after - n);
  }
  return hits.map(({ key, limit }) => {
    const hitsInWindow = counted.get(key)! + 1;
    counted.set(key, hitsInWindow);
    return admitsHit(hitsInWindow, limit);
  });
}

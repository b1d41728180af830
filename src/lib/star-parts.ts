/**
 * How many full, half and empty stars draw an average out of 5: to the nearest half star, so
 * "Rated 4.5" is four full and one half (before: it drew five full, rounded up), 4.2 is four
 * and 4.3 four and a half. Out-of-range or missing averages draw as their nearest end.
 */
export function starParts(average: number): { full: number; half: number; empty: number } {
  const halves = Math.min(10, Math.max(0, Math.round((Number.isFinite(average) ? average : 0) * 2)));
  const full = Math.floor(halves / 2);
  const half = halves % 2;
  return { full, half, empty: 5 - full - half };
}

/**
 * Who keeps a place on the live channel when a new stream opens (issue 46). Without a cap per
 * person, one shopper opening EVENT_STREAMS_MAX streams ended the owner's stream, again and again.
 * The rule, in order:
 * 1. an account holds at most STREAMS_PER_ACCOUNT streams (a tab each): its newest replaces its oldest;
 * 2. shoppers from one client address hold at most SHOPPER_STREAMS_PER_ADDRESS (behind a school's or a
 *    mobile carrier's NAT several children share one): the newest replaces that address's oldest;
 * 3. a process full (EVENT_STREAMS_MAX) sheds the shopper's stream idle the longest; staff streams are
 *    shed only for another staff stream, when no shopper stream is left; a shopper arriving at a
 *    process full of staff streams is the one turned away.
 * A replaced stream's tab stops listening until it is looked at again (its screens poll); a shed
 * one comes back after 5-15 s, perhaps to another process.
 */
export const STREAMS_PER_ACCOUNT = 4;
export const SHOPPER_STREAMS_PER_ADDRESS = 16;

export interface HeldStream {
  accountId: string;
  staff: boolean;
  /** The client's address as one key (an IPv6 client by its /64), or null when unknown. */
  address: string | null;
  /** When it opened, and when it was last sent an event (or opened): monotonic milliseconds. */
  openedAt: number;
  activeAt: number;
}

export interface Room<S> {
  /** Held streams to end before the new one is added: `replaced` by the caps, `shed` by a full process. */
  end: { stream: S; reason: "replaced" | "shed" }[];
  /** The new stream is refused (a shopper's, at a process full of staff streams). */
  refuse: boolean;
}

const oldest = <S extends HeldStream>(streams: S[], by: "openedAt" | "activeAt"): S | undefined =>
  streams.reduce<S | undefined>((found, s) => (!found || s[by] < found[by] ? s : found), undefined);

/** The streams a newcomer ends, and whether it is refused, for a process that holds at most `max`. */
export function makeRoom<S extends HeldStream>(held: readonly S[], newcomer: Pick<HeldStream, "accountId" | "staff" | "address">, max: number): Room<S> {
  const left = [...held];
  const end: Room<S>["end"] = [];
  const take = (stream: S, reason: "replaced" | "shed") => {
    left.splice(left.indexOf(stream), 1);
    end.push({ stream, reason });
  };
  const capped = (cap: number, same: (s: S) => boolean) => {
    for (let mine = left.filter(same); mine.length >= cap; mine = left.filter(same)) take(oldest(mine, "openedAt")!, "replaced");
  };
  capped(STREAMS_PER_ACCOUNT, (s) => s.accountId === newcomer.accountId);
  if (!newcomer.staff && newcomer.address !== null) capped(SHOPPER_STREAMS_PER_ADDRESS, (s) => !s.staff && s.address === newcomer.address);
  while (left.length >= max) {
    const shopper = oldest(
      left.filter((s) => !s.staff),
      "activeAt",
    );
    const victim = shopper ?? (newcomer.staff ? oldest(left, "activeAt") : undefined);
    // Nothing is ended for a newcomer that is turned away.
    if (!victim) return { end: [], refuse: true };
    take(victim, "shed");
  }
  return { end, refuse: false };
}

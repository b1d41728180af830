/**
 * Staff sessions end sooner than shoppers': an administrator's session that has not been used for
 * `idleMs` is over, whatever its 30-day expiry says. `lastActive` is when the session was last
 * refreshed, which happens at most once per `refreshEveryMs` of use, so a session in use is never
 * judged idle; one left alone is ended between idleMs - refreshEveryMs and idleMs after its last use.
 */
export function staffSessionIdle(lastActive: Date, now: Date, idleMs: number): boolean {
  return now.getTime() - lastActive.getTime() > idleMs;
}

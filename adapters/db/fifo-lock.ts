/**
 * A lock handed out in the order it was asked for: under a burst, the transaction that asked first
 * goes first, instead of whichever retry happens to wake up first.
 */
export interface FifoLock {
  acquire(): Promise<void>;
  release(): void;
  /** Someone holds it (or is being handed it). */
  readonly held: boolean;
  /** How many ask for it now, behind its holder. */
  readonly waiting: number;
}

export function fifoLock(): FifoLock {
  let held = false;
  const waiting: (() => void)[] = [];
  return {
    get held() {
      return held;
    },
    get waiting() {
      return waiting.length;
    },
    acquire() {
      if (!held) {
        held = true;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else held = false;
    },
  };
}

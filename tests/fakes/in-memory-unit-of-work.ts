import type { UnitOfWork } from "#domain/shared/unit-of-work.port.ts";

/**
 * The unit of work every in-memory fake uses: units run one after another (as the database
 * serialises conflicting transactions) and a unit that throws leaves the state as it found it.
 */
export function inMemoryUnitOfWork<S extends object, R>(state: S, repositories: R): UnitOfWork<R> {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run(work) {
      const run = queue.then(async () => {
        const before = structuredClone(state);
        try {
          return await work(repositories);
        } catch (error) {
          Object.assign(state, before);
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

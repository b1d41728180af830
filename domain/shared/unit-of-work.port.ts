/**
 * Runs work that must happen together in one database transaction. The adapter hands `work` the
 * repositories bound to that transaction; if `work` throws, nothing it wrote is kept. Concurrent
 * calls are isolated from each other by the database.
 */
export interface UnitOfWork<Repositories> {
  run<T>(work: (repositories: Repositories) => Promise<T>): Promise<T>;
}

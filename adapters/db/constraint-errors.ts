/**
 * Recognises the database's constraint failures, so repositories can turn a race the database
 * caught (two administrators saving the same slug at once) into the store's conflict answer
 * instead of a 500. Codes of better-sqlite3 and of PostgreSQL (node-postgres) are both known.
 */
function codeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503";
}

// Which constraint a failed write broke, on either database: PostgreSQL's SQLSTATE, SQLite's
// extended result code.

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A row with that key or unique value exists already (a concurrent write won). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The row it refers to is gone (deleted by a concurrent request). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Recognising database errors the same way on both drivers (Drizzle may wrap them). */
function sqlState(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * A value too large for its column (SQLSTATE 22003): an id beyond the integer range that the
 * contract's `minimum: 1` lets through. The request was bad, not the server.
 */
export function isOutOfRange(error: unknown): boolean {
  return sqlState(error) === '22003';
}

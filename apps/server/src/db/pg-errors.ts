/** True when a PostgreSQL error of this SQLSTATE is the error or its cause (drizzle wraps the driver's error). */
export function hasPgCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const foreignKeyViolation = '23503';
export const uniqueViolation = '23505';

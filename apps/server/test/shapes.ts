import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * Holds an answer to its shared schema: every field the schema lists is there with its type (parse throws
 * otherwise), and no field the schema does not list (parsing strips unknown keys, so the result must equal the
 * answer). Answers the parsed value.
 */
export function expectExactShape<T extends z.ZodType>(schema: T, answer: unknown): z.output<T> {
  const parsed = schema.parse(answer);
  expect(parsed).toStrictEqual(answer);
  return parsed;
}

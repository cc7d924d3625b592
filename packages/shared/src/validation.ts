import { z } from 'zod';
import { isIsoDate } from './pto.ts';
import { validationMessage } from './validation-messages.ts';

export { validationMessage } from './validation-messages.ts';

// For every zod schema of the process (the server; the web build also installs it in apps/web/src/lib/zod-jitless.ts).
z.config({ customError: validationMessage });

/**
 * A field that may arrive as JSON text (form-encoded lists, spec 1 §7.6) or as the value itself (JSON bodies).
 * Malformed text is this field's validation error ('The {field} must be valid JSON.'), never a thrown parse error.
 * A blank, null or missing value becomes `whenEmpty` when one is given.
 */
export function jsonText<T extends z.ZodType>(schema: T, whenEmpty?: unknown) {
  return z.preprocess((value, ctx) => {
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) return whenEmpty === undefined ? value : whenEmpty;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', params: { format: 'json' }, input: value });
      return z.NEVER;
    }
  }, schema);
}

/**
 * A calendar day written 'YYYY-MM-DD' that exists: 2026-02-30 is this field's 422 ('The {label} is not a valid
 * date.'), not a value PostgreSQL refuses after validation passed. A missing value is 'The {label} field is required.'
 */
export const isoDateText = (label: string, invalid = `The ${label} is not a valid date.`) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `The ${label} field is required.` : invalid) })
    .refine(isIsoDate, invalid);

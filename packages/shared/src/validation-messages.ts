import type { z } from 'zod';

// Without zod at run time: the web build installs this map in zod's own chunk (apps/web/src/lib/zod-jitless.ts).

/**
 * Zod's default messages ("Too big: expected number to be <=500") rewritten in the product's words ("The per page
 * may not be greater than 500."), field by field. Installed once for every zod schema in the process (server and
 * browser import this through the shared index); a message a schema sets itself always wins over this map.
 */

type RawIssue = z.core.$ZodRawIssue;

/** 'per_page' → 'per page'; the last named segment of the path, since array indexes are not names. */
function fieldName(path: readonly PropertyKey[] | undefined): string | undefined {
  const named = (path ?? []).filter((segment): segment is string => typeof segment === 'string');
  return named.at(-1)?.replace(/_/g, ' ');
}

const isMissing = (input: unknown) => input === undefined || (typeof input === 'string' && input.trim() === '');

const typeWords: Record<string, string> = {
  number: 'must be a number.',
  int: 'must be an integer.',
  bigint: 'must be an integer.',
  string: 'must be a string.',
  boolean: 'must be true or false.',
  array: 'must be a list.',
  date: 'must be a valid date.',
};

function invalidType(issue: RawIssue & { expected?: string }, subject: string): string {
  if (isMissing(issue.input)) return `${subject} field is required.`;
  return `${subject} ${typeWords[issue.expected ?? ''] ?? 'is invalid.'}`;
}

type Bound = RawIssue & { origin?: string; inclusive?: boolean };
const isList = (origin: string | undefined) => origin === 'array' || origin === 'set';

function tooBig(issue: Bound & { maximum?: unknown }, subject: string): string {
  const max = String(issue.maximum);
  if (issue.origin === 'string') return `${subject} may not be greater than ${max} characters.`;
  if (isList(issue.origin)) return `${subject} may not have more than ${max} items.`;
  if (issue.origin === 'date') return `${subject} must be a date before or equal to ${max}.`;
  if (issue.inclusive === false) return `${subject} must be less than ${max}.`;
  return `${subject} may not be greater than ${max}.`;
}

function tooSmall(issue: Bound & { minimum?: unknown }, subject: string): string {
  const min = String(issue.minimum);
  if (issue.origin === 'string' && min === '1') return `${subject} field is required.`;
  if (issue.origin === 'string') return `${subject} must be at least ${min} characters.`;
  if (isList(issue.origin)) return `${subject} must have at least ${min} ${min === '1' ? 'item' : 'items'}.`;
  if (issue.origin === 'date') return `${subject} must be a date after or equal to ${min}.`;
  if (issue.inclusive === false) return `${subject} must be greater than ${min}.`;
  return `${subject} must be at least ${min}.`;
}

function invalidFormat(issue: RawIssue & { format?: string }, subject: string): string {
  if (issue.format === 'email') return `${subject} must be a valid email address.`;
  if (issue.format === 'url') return `${subject} must be a valid URL.`;
  if (issue.format === 'date' || issue.format === 'datetime') return `${subject} must be a valid date.`;
  return `${subject} format is invalid.`;
}

/** The product's text for an issue no schema worded itself; undefined leaves zod's own. */
export function validationMessage(issue: RawIssue): string | undefined {
  const field = fieldName(issue.path);
  const subject = field ? `The ${field}` : 'The value';
  switch (issue.code) {
    case 'invalid_type':
      return invalidType(issue, subject);
    case 'too_big':
      return tooBig(issue, subject);
    case 'too_small':
      return tooSmall(issue, subject);
    case 'invalid_format':
      return invalidFormat(issue, subject);
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${String(issue.divisor)}.`;
    case 'invalid_value':
      return isMissing(issue.input) ? `${subject} field is required.` : `The selected ${field ?? 'value'} is invalid.`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `The field ${issue.keys[0]} is not allowed.`
        : `The fields ${issue.keys.join(', ')} are not allowed.`;
    case 'custom':
      return issue.params?.format === 'json' ? `${subject} must be valid JSON.` : `${subject} is invalid.`;
    default:
      return `${subject} is invalid.`;
  }
}

import { z } from 'zod';
import { formatPhoneNumber, isValidPhoneNumber } from './phone.ts';
import { jsonText } from './validation.ts';

/** Client account import (spec 1 §2.6 Account import, §3.9, §5, §7.5). Decision 0022. */

export const accountImportFields = ['name', 'email', 'title', 'phone_number', 'office_number', 'site'] as const;
export type AccountImportField = (typeof accountImportFields)[number];
export const accountImportFieldLabels: Record<AccountImportField, string> = {
  name: 'Name',
  email: 'Email',
  title: 'Title',
  phone_number: 'Cell Number',
  office_number: 'Office Number',
  site: 'Site',
};
export const accountsImportedMessage = (count: number) => `${count} account${count === 1 ? '' : 's'} imported.`;

// Header words that name each field, for the automatic matching.
const fieldAliases: Record<AccountImportField, string[]> = {
  name: ['name', 'full name', 'contact', 'contact name'],
  email: ['email', 'e-mail', 'email address', 'mail'],
  title: ['title', 'job title', 'position', 'role'],
  phone_number: ['phone', 'phone number', 'cell', 'cell number', 'mobile', 'mobile phone', 'cell phone'],
  office_number: ['office', 'office number', 'office phone', 'work phone', 'business phone'],
  site: ['site', 'location', 'office location', 'branch'],
};

const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/**
 * Matches each field to a column: by header name when the file has a header row, else by position in the order
 * name, email, title, phone_number, office_number, site. Answers the column index per field, or null.
 */
export function autoMatchColumns(firstRow: string[], hasHeader: boolean): Record<AccountImportField, number | null> {
  const result = {} as Record<AccountImportField, number | null>;
  accountImportFields.forEach((field, position) => {
    if (!hasHeader) {
      result[field] = position < firstRow.length ? position : null;
      return;
    }
    const index = firstRow.findIndex((header) => fieldAliases[field].includes(normalizeHeader(header)));
    result[field] = index >= 0 ? index : null;
  });
  return result;
}

/** Spec 1 §5: on import a leading 1 is dropped (11 digits starting with 1), then the number is formatted. */
export function normalizeImportPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const trimmed = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return trimmed === '' ? '' : formatPhoneNumber(trimmed);
}

const phoneField = z
  .string()
  .trim()
  .max(50)
  .transform(normalizeImportPhone)
  .refine(
    (value) => value === '' || isValidPhoneNumber(value),
    'The phone number must be ten digits, optionally followed by an extension of up to 4 digits.',
  );

/** One mapped row, as the import sends it (accounts JSON text). */
export const accountImportRowSchema = z.object({
  name: z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(255),
  email: z
    .string({ error: 'The email field is required.' })
    .trim()
    .min(1, 'The email field is required.')
    .max(255)
    .pipe(z.email('The email must be a valid email address.')),
  title: z.string().trim().max(255).default(''),
  phone_number: phoneField.default(''),
  office_number: phoneField.default(''),
  site: z.string().trim().max(255).default(''),
});
export type AccountImportRow = z.infer<typeof accountImportRowSchema>;

export const accountImportInputSchema = z.object({
  company_id: z.coerce
    .number({ error: 'The company id field is required.' })
    .int()
    .positive('The company id field is required.'),
  accounts: jsonText(
    z
      .array(accountImportRowSchema, { error: 'The accounts must be a list.' })
      .min(1, 'The file has no accounts.')
      .max(5000, 'At most 5000 accounts per file.'),
  ),
});

/** The rows of a parsed CSV mapped to the import fields (empty lines skipped). */
export function mapImportRows(
  rows: string[][],
  mapping: Record<AccountImportField, number | null>,
  hasHeader: boolean,
): Record<AccountImportField, string>[] {
  return rows.slice(hasHeader ? 1 : 0).map((cells) => {
    const row = {} as Record<AccountImportField, string>;
    for (const field of accountImportFields)
      row[field] = mapping[field] === null ? '' : (cells[mapping[field]!] ?? '').trim();
    return row;
  });
}

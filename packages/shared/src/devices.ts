import { z } from 'zod';
import { csvCell, parseCsv } from './csv.ts';
import { deviceTypes, type DeviceType } from './device-types.ts';
import { isoDateText } from './validation.ts';

/** Company devices (spec 2 §2 routes, refresh strategies, §3, §4 row colour, §9 lifespans). Decision 0020. */

export { deviceTypeLabels, deviceTypes, type DeviceType } from './device-types.ts';

/** Workstations and servers carry an operating system and an antivirus from the reference lists. */
export const hasSoftware = (type: DeviceType) => type === 'workstations' || type === 'servers';

/** Spec 2 §9: 3 years for workstations, 5 for everything else. */
export const deviceLifespanYears = (type: DeviceType) => (type === 'workstations' ? 3 : 5);

export const deviceCreatedMessage = 'Device created.';
export const deviceUpdatedMessage = 'Device updated.';
export const deviceDeletedMessage = 'Device deleted.';

/** Spec 2 §9: the refresh date (and the replacement-year tables) is the purchase year plus 5, for every device. */
export const refreshDateYears = 5;

/** The refresh date's year: purchase year plus 5 for every type (decision 0062); null without a purchase date. */
export function refreshYear(purchaseDate: string | null): number | null {
  const year = purchaseYear(purchaseDate);
  return year === null ? null : year + refreshDateYears;
}

function purchaseYear(purchaseDate: string | null): number | null {
  if (!purchaseDate) return null;
  const year = Number(purchaseDate.slice(0, 4));
  return Number.isInteger(year) ? year : null;
}

/**
 * Spec 2 §4 row colour by age, against the current UTC year: purchase year plus the type's lifespan (workstations 3,
 * everything else 5) equal to it is yellow, later green, earlier red; no purchase date, no colour. A workstation is
 * thus coloured by its lifespan while its refresh date says purchase year plus 5 (decision 0062).
 */
export function deviceAgeColor(
  type: DeviceType,
  purchaseDate: string | null,
  currentYear: number,
): 'green' | 'yellow' | 'red' | null {
  const year = purchaseYear(purchaseDate);
  if (year === null) return null;
  const due = year + deviceLifespanYears(type);
  if (due === currentYear) return 'yellow';
  return due > currentYear ? 'green' : 'red';
}

const optionalText = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
    z.string().trim().max(max, `May not be greater than ${max} characters.`).nullable(),
  );
const optionalDate = (label: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? null : value),
    isoDateText(label).nullable(),
  );
const optionalId = z.preprocess(
  (value) =>
    value === undefined || value === null || value === '' ? null : typeof value === 'string' ? Number(value) : value,
  z.number().int().positive().nullable(),
);

export const driveInputSchema = z.object({
  id: z.union([z.literal('new'), z.number().int().positive()]).optional(),
  letter: z
    .string({ error: 'The drive letter is required.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]:?$/, 'The drive letter must be a single letter.')
    .transform((value) => value.replace(':', '')),
  size: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: 'The drive size is required.' })
      .int('The size is whole gigabytes.')
      .min(1, 'The size must be at least 1 GB.')
      .max(10_000_000),
  ),
});
export type DriveInput = z.infer<typeof driveInputSchema>;

export const deviceInputSchema = z
  .object({
    company_id: z.coerce
      .number({ error: 'The company field is required.' })
      .int()
      .positive('The company field is required.'),
    site_id: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z.coerce.number({ error: 'The site field is required.' }).int().positive('The site field is required.'),
    ),
    type: z.enum(deviceTypes, { error: 'The device type is invalid.' }),
    name: z.string({ error: 'The name field is required.' }).trim().min(1, 'The name field is required.').max(255),
    asset_tag: optionalText(100),
    serial_number: optionalText(100),
    model: optionalText(255),
    purchase_date: optionalDate('purchase date'),
    warranty_date: optionalDate('warranty date'),
    operating_system_id: optionalId,
    antivirus_id: optionalId,
    roles: optionalText(1000),
    scheduled_maintenance: z.preprocess(
      (value) => (value === true || value === '1' || value === 1 ? 1 : 0),
      z.union([z.literal(0), z.literal(1)]),
    ),
    notes: optionalText(5000),
    drives: z.array(driveInputSchema).max(52).default([]),
  })
  .superRefine((device, ctx) => {
    const letters = device.drives.map((drive) => drive.letter);
    if (new Set(letters).size !== letters.length)
      ctx.addIssue({ code: 'custom', path: ['drives'], message: 'Each drive letter may appear once.' });
    if (device.type !== 'servers' && device.drives.length > 0)
      ctx.addIssue({ code: 'custom', path: ['drives'], message: 'Only servers have drives.' });
  });
export type DeviceInput = z.infer<typeof deviceInputSchema>;

export const driveSchema = z.object({ id: z.number().int(), letter: z.string(), size: z.number().int() });

export const deviceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company: z.string(),
  site_id: z.number().int(),
  site: z.string(),
  type: z.enum(deviceTypes),
  name: z.string(),
  asset_tag: z.string().nullable(),
  serial_number: z.string().nullable(),
  model: z.string().nullable(),
  purchase_date: z.string().nullable(),
  warranty_date: z.string().nullable(),
  refresh_year: z.number().int().nullable(),
  operating_system_id: z.number().int().nullable(),
  operating_system: z.string().nullable(),
  antivirus_id: z.number().int().nullable(),
  antivirus: z.string().nullable(),
  roles: z.string().nullable(),
  scheduled_maintenance: z.number().int(),
  notes: z.string().nullable(),
  drives: z.array(driveSchema),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListQuerySchema = z.object({
  company_id: z.coerce.number().int().positive().optional(),
  type: z.enum(deviceTypes).optional(),
  search: z.string().trim().max(100).optional(),
});

// ---- CSV import and export ----

/** Columns of the device CSV, in order; import matches headers case-insensitively. Drives read "C:500; D:2000". */
export const deviceCsvColumns = [
  'Site',
  'Name',
  'Asset Tag',
  'Serial Number',
  'Model',
  'Purchase Date',
  'Warranty Date',
  'Operating System',
  'Antivirus',
  'Roles',
  'Scheduled Maintenance',
  'Drives',
  'Notes',
] as const;

export function devicesToCsv(devices: Device[]): string {
  const lines = devices.map((device) =>
    [
      device.site,
      device.name,
      device.asset_tag,
      device.serial_number,
      device.model,
      device.purchase_date,
      device.warranty_date,
      device.operating_system,
      device.antivirus,
      device.roles,
      device.type === 'servers' ? (device.scheduled_maintenance ? 'Yes' : 'No') : '',
      device.drives.map((drive) => `${drive.letter}:${drive.size}`).join('; '),
      device.notes,
    ]
      .map(csvCell)
      .join(','),
  );
  return [deviceCsvColumns.join(','), ...lines].join('\r\n') + '\r\n';
}

/** One CSV row by column name, as the import sends it to the server (names are resolved there). */
export const deviceImportRowSchema = z.object({
  site: z.string().trim().min(1, 'The site is required.').max(255),
  name: z.string().trim().min(1, 'The name is required.').max(255),
  asset_tag: z.string().trim().max(100).default(''),
  serial_number: z.string().trim().max(100).default(''),
  model: z.string().trim().max(255).default(''),
  purchase_date: z.string().trim().max(20).default(''),
  warranty_date: z.string().trim().max(20).default(''),
  operating_system: z.string().trim().max(255).default(''),
  antivirus: z.string().trim().max(255).default(''),
  roles: z.string().trim().max(1000).default(''),
  scheduled_maintenance: z.string().trim().max(10).default(''),
  drives: z.string().trim().max(1000).default(''),
  notes: z.string().trim().max(5000).default(''),
});
export type DeviceImportRow = z.infer<typeof deviceImportRowSchema>;

export const deviceImportInputSchema = z.object({
  company_id: z.coerce
    .number({ error: 'The company field is required.' })
    .int()
    .positive('The company field is required.'),
  type: z.enum(deviceTypes, { error: 'The device type is invalid.' }),
  rows: z.array(deviceImportRowSchema).min(1, 'The file has no devices.').max(5000, 'At most 5000 devices per file.'),
});

const columnKeys: Record<string, keyof DeviceImportRow> = {
  site: 'site',
  name: 'name',
  'asset tag': 'asset_tag',
  'serial number': 'serial_number',
  model: 'model',
  'purchase date': 'purchase_date',
  'warranty date': 'warranty_date',
  'operating system': 'operating_system',
  antivirus: 'antivirus',
  roles: 'roles',
  'scheduled maintenance': 'scheduled_maintenance',
  drives: 'drives',
  notes: 'notes',
};

/** Reads a device CSV whose first row names the columns; unknown columns are ignored. */
export function parseDeviceCsv(text: string): { rows: Record<string, string>[]; missingColumns: string[] } {
  const [header, ...body] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) return { rows: [], missingColumns: ['Site', 'Name'] };
  const keys = header.map((name) => columnKeys[name.trim().toLowerCase()]);
  const missingColumns = ['Site', 'Name'].filter((required) => !keys.includes(columnKeys[required.toLowerCase()]!));
  const rows = body.map((cells) =>
    Object.fromEntries(keys.flatMap((key, index) => (key ? [[key, (cells[index] ?? '').trim()]] : []))),
  );
  return { rows, missingColumns };
}

/** "C:500; D:2000" → drives; null when the text is not in that form. */
export function parseDrives(text: string): { letter: string; size: number }[] | null {
  if (text.trim() === '') return [];
  const drives = text.split(/[;|]/).map((part) => /^\s*([A-Za-z]):?\s*(\d+)\s*$/.exec(part));
  if (drives.some((match) => match === null)) return null;
  return drives.map((match) => ({ letter: match![1]!.toUpperCase(), size: Number(match![2]) }));
}

/**
 * A server's roles as the device form writes them ("Domain Controller, DNS; File"): names split on commas,
 * semicolons or new lines, trimmed, each once whatever its case (decision 0049: roles are named server_roles).
 */
export function parseRoleNames(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const part of (text ?? '').split(/[,;\n]/)) {
    const name = part.trim().replace(/\s+/g, ' ').slice(0, 100);
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

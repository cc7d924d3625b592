import { z } from 'zod';
import { deviceLifespanYears, deviceAgeColor, refreshYear } from './devices.ts';
import type { DeviceType } from './device-types.ts';
import { isoDateText } from './validation.ts';

/** Refresh and backup strategies (spec 2 §2, §3, §4, §5, §9; issue 19 parts 6-7). Decision 0050. */

// ---- Refresh strategies ----

/** Spec 2 §3 refresh groups are singular where device types are plural: the one place they meet. */
export const refreshGroups = [
  { group: 'nas', type: 'nas', label: 'HDD / NAS', priority: 'hdd_priority' },
  { group: 'printer', type: 'printers', label: 'Printer', priority: 'printer_priority' },
  { group: 'modem', type: 'modems', label: 'Modem', priority: 'modem_priority' },
  { group: 'router', type: 'routers', label: 'Router', priority: 'router_priority' },
  { group: 'ap', type: 'aps', label: 'Access Point', priority: 'ap_priority' },
  { group: 'server', type: 'servers', label: 'Server', priority: 'server_priority' },
  { group: 'switches', type: 'switches', label: 'Switches', priority: 'switches_priority' },
  { group: 'ups', type: 'ups', label: 'UPS', priority: 'ups_priority' },
  { group: 'workstations', type: 'workstations', label: 'Workstations', priority: 'workstation_priority' },
] as const satisfies readonly { group: string; type: DeviceType; label: string; priority: string }[];

export type RefreshGroup = (typeof refreshGroups)[number]['group'];
export type RefreshPriorityField = (typeof refreshGroups)[number]['priority'];
export const refreshPriorityFields = refreshGroups.map((entry) => entry.priority);

export const refreshGroupOfType = (type: DeviceType): RefreshGroup =>
  refreshGroups.find((entry) => entry.type === type)!.group;
export const deviceTypeOfRefreshGroup = (group: RefreshGroup): DeviceType =>
  refreshGroups.find((entry) => entry.group === group)!.type;

/**
 * Spec 2 §9 (decision 0062, replacing 0050's one rule): the refresh date and the replacement-year tables are the
 * purchase year plus 5 for every device; the row colour (§4) compares purchase year plus the lifespan (workstations 3)
 * with the current UTC year.
 */
export const refreshYearOf = refreshYear;
export const refreshAgeColor = deviceAgeColor;
export const refreshLifespanYears = deviceLifespanYears;

export const noAnnualReplacementPlan = 'No Annual Replacement Plan';

/**
 * Spec 2 §9: device count divided by lifespan; at least 1 gives '{n} per year' (rounded), above 0.5 and below 1
 * '1 per year', otherwise 'No Annual Replacement Plan'.
 */
export function annualReplacementPlan(count: number, lifespanYears: number): string {
  const perYear = count / lifespanYears;
  if (perYear >= 1) return `${Math.round(perYear)} per year`;
  if (perYear > 0.5) return '1 per year';
  return noAnnualReplacementPlan;
}

/** The replacement-year tables: the current UTC year and the four after it (the spec's 2022 was its "now"). */
export const replacementYears = (currentYear: number) => [0, 1, 2, 3, 4].map((offset) => currentYear + offset);

export const currentUtcYear = (now = new Date()) => now.getUTCFullYear();

export const refreshStrategySavedMessage = 'Refresh Strategy Saved.';
export const refreshStrategySaveFailedMessage = 'An Error Occured';
export const noRefreshStrategiesText = 'No Refresh Strategies Have Been Completed For This Client';

const richText = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z.string().max(100_000, 'May not be greater than 100000 characters.'),
);

export const refreshEmailInvalidMessage = 'Each recipient must be a user or an e-mail address.';

/**
 * Spec 2 §3 emails: "users or email entries". A user is their id (a number, or its digits as text); anything else is
 * an e-mail address typed in (decision 0062).
 */
export const refreshEmailEntrySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .trim()
        .max(254)
        .pipe(z.email({ error: refreshEmailInvalidMessage })),
    ],
    { error: refreshEmailInvalidMessage },
  ),
);

export const refreshStrategyInputSchema = z.object({
  id: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? undefined : value),
    z.coerce.number().int().positive().optional(),
  ),
  company_id: z.coerce
    .number({ error: 'The company field is required.' })
    .int()
    .positive('The company field is required.'),
  date: isoDateText('date'),
  emails: z
    .array(refreshEmailEntrySchema, { error: 'The emails must be a list.' })
    .max(100, 'Choose at most 100 recipients.')
    .default([]),
  hdd_priority: richText,
  printer_priority: richText,
  modem_priority: richText,
  router_priority: richText,
  ap_priority: richText,
  server_priority: richText,
  switches_priority: richText,
  ups_priority: richText,
  workstation_priority: richText,
  overview: richText,
});
export type RefreshStrategyInput = z.infer<typeof refreshStrategyInputSchema>;

export const refreshDeviceSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  site_id: z.number().int(),
  site: z.string(),
  asset_tag: z.string().nullable(),
  name: z.string(),
  purchase_date: z.string().nullable(),
  warranty_date: z.string().nullable(),
  refresh_year: z.number().int().nullable(),
});
export type RefreshDevice = z.infer<typeof refreshDeviceSchema>;

export const refreshRecipientSchema = z.object({
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
});
export type RefreshRecipient = z.infer<typeof refreshRecipientSchema>;

export const refreshStrategySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  company_id: z.number().int(),
  emails: z.array(refreshRecipientSchema),
  hdd_priority: z.string(),
  printer_priority: z.string(),
  modem_priority: z.string(),
  router_priority: z.string(),
  ap_priority: z.string(),
  server_priority: z.string(),
  switches_priority: z.string(),
  ups_priority: z.string(),
  workstation_priority: z.string(),
  overview: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type RefreshStrategy = z.infer<typeof refreshStrategySchema>;

export const refreshDeviceGroupsSchema = z.object({
  nas: z.array(refreshDeviceSchema),
  printer: z.array(refreshDeviceSchema),
  modem: z.array(refreshDeviceSchema),
  router: z.array(refreshDeviceSchema),
  ap: z.array(refreshDeviceSchema),
  server: z.array(refreshDeviceSchema),
  switches: z.array(refreshDeviceSchema),
  ups: z.array(refreshDeviceSchema),
  workstations: z.array(refreshDeviceSchema),
});
export type RefreshDeviceGroups = z.infer<typeof refreshDeviceGroupsSchema>;

/** GET /api/strategies/refresh?company_id= : the strategies, the devices by group, and who may be e-mailed. */
export const refreshStrategiesResponseSchema = z.object({
  data: z.object({
    strategies: z.array(refreshStrategySchema),
    devices: refreshDeviceGroupsSchema,
    users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  }),
});
export type RefreshStrategiesResponse = z.infer<typeof refreshStrategiesResponseSchema>['data'];

/** The 'Email To' option text (spec 2 §2); a typed address (stored with itself as its name) shows once. */
export const recipientLabel = (user: { name: string; email: string }) =>
  user.name === user.email ? user.email : `${user.name} - ${user.email}`;

// ---- Backup strategies ----

export const backupSourceTypes = [
  { id: 1, name: 'Server' },
  { id: 2, name: 'Software' },
  { id: 3, name: 'Hosted Solution' },
  { id: 4, name: 'Workstation' },
  { id: 5, name: 'External HDD' },
] as const;
export const backupTypes = [
  { id: 1, name: 'Continuous Incremental' },
  { id: 2, name: 'Full' },
  { id: 3, name: 'Mixed (Weekly)' },
  { id: 4, name: 'Manual' },
  { id: 5, name: 'Other' },
] as const;
export const backupDestinationTypes = [
  { id: 1, name: 'Server' },
  { id: 6, name: 'Network' },
  { id: 7, name: 'Removable' },
  { id: 8, name: 'SCSI' },
  { id: 9, name: 'Thunderbolt' },
  { id: 10, name: 'USB' },
  { id: 4, name: 'Workstation' },
] as const;
export const backupPrograms = [
  { id: 1, name: 'Barracuda' },
  { id: 2, name: 'Crash Plan' },
  { id: 3, name: 'Datto' },
  { id: 4, name: 'File Folder' },
  { id: 5, name: 'Server' },
  { id: 6, name: 'Karbon Cloud' },
  { id: 7, name: 'Karbon File & Folder' },
  { id: 8, name: 'Karbon On-Site' },
  { id: 9, name: 'Time Machine' },
  { id: 10, name: 'Windows Server Backup' },
  { id: 11, name: 'Other' },
] as const;
export const monthlyTimeFrames = [
  { id: 1, name: '1st' },
  { id: 2, name: '2nd' },
  { id: 3, name: '3rd' },
  { id: 5, name: 'Last' },
] as const;
export const backupDays = [
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
  { id: 7, name: 'Sunday' },
  { id: 8, name: 'First' },
  { id: 9, name: 'Last' },
] as const;

type Named = readonly { id: number; name: string }[];
export const nameOf = (list: Named, id: number | null | undefined) => list.find((entry) => entry.id === id)?.name ?? '';

/**
 * What a source or destination type picks from (GET /api/backup/strategies/devices/{typeId}/{companyId}): servers
 * by their drives, software from the server software list, workstations and storage devices by device; a hosted
 * solution picks nothing (it is named in the locations and notes).
 */
export type BackupTarget = 'drives' | 'software' | 'devices' | 'none';
export function backupTargetOf(typeId: number): { pick: BackupTarget; deviceType: DeviceType | null } {
  if (typeId === 1) return { pick: 'drives', deviceType: 'servers' };
  if (typeId === 2) return { pick: 'software', deviceType: 'servers' };
  if (typeId === 4) return { pick: 'devices', deviceType: 'workstations' };
  if (typeId === 5 || (typeId >= 6 && typeId <= 10)) return { pick: 'devices', deviceType: 'nas' };
  return { pick: 'none', deviceType: null };
}

export const backupSourceDriveMessage = 'Choose at least one drive of the server to back up.';
/** Spec 2 §3: a Server source backs up drives of its servers, so it names at least one (issue 26 §2.9). */
export const backupSourceNeedsDrive = (sourceType: number | null, source: readonly unknown[]): boolean =>
  sourceType !== null && backupTargetOf(sourceType).pick === 'drives' && source.length === 0;

const timeOfDay = z
  .string({ error: 'The time field is required.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time must be written HH:MM.');
const optionalTime = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  timeOfDay.nullable(),
);
const weekday = z.coerce.number().int().min(1).max(7);
const dayList = z.array(weekday).max(7).default([]);
const retainCount = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 0 : value),
  z.coerce.number().int('Retain counts are whole numbers.').min(0, 'Retain counts may not be negative.').max(10_000),
);
/** Spec 2 §5: repeat interval 0 to 48 hours in steps of 0.5. */
export const repeatIntervalSchema = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 0 : value),
  z.coerce
    .number()
    .min(0, 'The repeat interval may not be less than 0.')
    .max(48, 'The repeat interval may not be greater than 48.')
    .refine((hours) => Number.isInteger(hours * 2), 'The repeat interval goes in steps of 0.5 hours.'),
);
const nullableDay = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce.number().int().min(1).max(9).nullable(),
);
export const weeklyOneDayMessage = 'Choose one day for the weekly backup.';
/** The weekly backup's day: one weekday, also as the spec's one-day list ([] is none); more than one is refused. */
const nullableWeekday = z.preprocess(
  (value) => {
    if (value === '' || value === undefined) return null;
    if (Array.isArray(value)) return value.length === 0 ? null : value.length === 1 ? value[0] : 'many';
    return value;
  },
  z.coerce.number({ error: weeklyOneDayMessage }).int().min(1).max(7).nullable(),
);
const nullableFrame = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.coerce
    .number()
    .int()
    .refine((frame) => [1, 2, 3, 5].includes(frame), 'The monthly time frame is invalid.')
    .nullable(),
);

export const monthlyWeekOrDayMessage =
  'Choose either a week (1st, 2nd, 3rd or Last with a weekday) or a day (First or Last) for the monthly backup.';

/**
 * Spec 2 §4: the monthly toggle between week and day is exclusive. Week: a time frame with a weekday (1-7); day: no
 * time frame and First (8) or Last (9); neither: no monthly backup.
 */
function checkMonthly(
  schedule: { monthly_time: number | null; monthly_day: number | null },
  ctx: z.RefinementCtx,
): void {
  const { monthly_time: frame, monthly_day: day } = schedule;
  const week = frame !== null && day !== null && day <= 7;
  const dayMode = frame === null && (day === 8 || day === 9);
  const none = frame === null && day === null;
  if (!week && !dayMode && !none)
    ctx.addIssue({ code: 'custom', path: ['monthly_day'], message: monthlyWeekOrDayMessage });
}

export const continuousScheduleSchema = z.object({
  shape: z.literal('Continuous'),
  sched: dayList,
  start_time: optionalTime,
  end_time: optionalTime,
  repeats: repeatIntervalSchema,
  intra_daily: retainCount,
  daily_image: retainCount,
  weekly_image: retainCount,
  monthly_image: retainCount,
});
export const fullScheduleSchema = z.object({
  shape: z.literal('Full'),
  daily_sched: dayList,
  daily_start_time: optionalTime,
  daily_images: retainCount,
  weekly_sched: nullableWeekday,
  weekly_start_time: optionalTime,
  weekly_images: retainCount,
  monthly_time: nullableFrame,
  monthly_day: nullableDay,
  monthly_images: retainCount,
});
export const mixedScheduleSchema = z.object({
  shape: z.literal('Mixed'),
  inc_sched: dayList,
  inc_start_time: optionalTime,
  inc_end_time: optionalTime,
  inc_repeats: repeatIntervalSchema,
  daily_sched: dayList,
  daily_start_time: optionalTime,
  daily_images: retainCount,
  weekly_sched: nullableWeekday,
  weekly_start_time: optionalTime,
  weekly_images: retainCount,
  monthly_day: nullableDay,
  monthly_time: nullableFrame,
  monthly_repeats: retainCount,
  monthly_images: retainCount,
});

/** The three schedule shapes, stored as JSON text on the strategy (spec 2 §3). */
export const backupScheduleSchema = z
  .discriminatedUnion('shape', [continuousScheduleSchema, fullScheduleSchema, mixedScheduleSchema])
  .superRefine((schedule, ctx) => {
    if (schedule.shape !== 'Continuous') checkMonthly(schedule, ctx);
  });
export type BackupSchedule = z.infer<typeof backupScheduleSchema>;
export type BackupScheduleShape = BackupSchedule['shape'];

/** Backup types 1-3 have a schedule of their own shape; Manual and Other have none. */
export const scheduleShapeOfBackupType = (backupType: number): BackupScheduleShape | null =>
  backupType === 1 ? 'Continuous' : backupType === 2 ? 'Full' : backupType === 3 ? 'Mixed' : null;

/** An empty schedule of a shape, as the form starts it. */
export function emptySchedule(shape: BackupScheduleShape): BackupSchedule {
  if (shape === 'Continuous')
    return {
      shape,
      sched: [1, 2, 3, 4, 5],
      start_time: '08:00',
      end_time: '18:00',
      repeats: 1,
      intra_daily: 0,
      daily_image: 0,
      weekly_image: 0,
      monthly_image: 0,
    };
  const full = {
    daily_sched: [1, 2, 3, 4, 5],
    daily_start_time: '22:00',
    daily_images: 0,
    weekly_sched: 6,
    weekly_start_time: '22:00',
    weekly_images: 0,
    monthly_time: null,
    monthly_day: 9,
    monthly_images: 0,
  };
  if (shape === 'Full') return { shape, ...full };
  return {
    shape,
    inc_sched: [1, 2, 3, 4, 5],
    inc_start_time: '08:00',
    inc_end_time: '18:00',
    inc_repeats: 1,
    ...full,
    monthly_repeats: 0,
  };
}

const days = (list: number[]) =>
  list.length === 7 ? 'Daily' : list.map((day) => nameOf(backupDays, day).slice(0, 3)).join(', ');
const monthlyText = (frame: number | null, day: number | null) =>
  day === null
    ? null
    : frame === null
      ? `${nameOf(backupDays, day)} day of the month`
      : `${nameOf(monthlyTimeFrames, frame)} ${nameOf(backupDays, day)}`;

/** The list's Frequency column: the schedule in a line. */
export function backupFrequency(schedule: BackupSchedule | null): string {
  if (!schedule) return 'Manual';
  if (schedule.shape === 'Continuous') {
    const every = schedule.repeats > 0 ? `every ${schedule.repeats} h` : 'once';
    return `${days(schedule.sched)} ${every} ${schedule.start_time ?? ''}-${schedule.end_time ?? ''}`
      .replace(/\s+/g, ' ')
      .trim();
  }
  const parts: string[] = [];
  if (schedule.shape === 'Mixed' && schedule.inc_sched.length)
    parts.push(`Incremental ${days(schedule.inc_sched)} every ${schedule.inc_repeats} h`);
  if (schedule.daily_sched.length)
    parts.push(`Full ${days(schedule.daily_sched)} ${schedule.daily_start_time ?? ''}`.trim());
  if (schedule.weekly_sched !== null) parts.push(`Weekly ${nameOf(backupDays, schedule.weekly_sched)}`);
  const monthly = monthlyText(schedule.monthly_time, schedule.monthly_day);
  if (monthly) parts.push(`Monthly ${monthly}`);
  return parts.join('; ') || schedule.shape;
}

const optionalText = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value,
    z.string().trim().max(max, `May not be greater than ${max} characters.`).nullable(),
  );
const idOf = (list: Named, field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int()
    .refine((id) => list.some((entry) => entry.id === id), `The ${field} is invalid.`);
const idList = z.array(z.coerce.number().int().positive()).max(200).default([]);

const continuousOnlyKeys = ['sched', 'start_time', 'end_time', 'repeats', 'intra_daily', 'daily_image'];
const mixedOnlyKeys = ['inc_sched', 'inc_start_time', 'inc_end_time', 'inc_repeats', 'monthly_repeats'];

/**
 * Spec 2 §3's schedule has no `shape` key (decision 0062): it is the shape its keys name (Continuous and Mixed have
 * keys of their own), else the backup type's, so a schedule of another type's shape is still refused rather than
 * stripped into an empty one. The JSON text the list answers is accepted too. A shape that is sent is kept.
 */
function withScheduleShape(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const input = body as Record<string, unknown>;
  let schedule = input.schedule;
  if (typeof schedule === 'string' && schedule.trim().startsWith('{')) {
    try {
      schedule = JSON.parse(schedule) as unknown;
    } catch {
      return body;
    }
  }
  if (!schedule || typeof schedule !== 'object' || Array.isArray(schedule) || 'shape' in schedule) return body;
  const keys = Object.keys(schedule);
  const shape = keys.some((key) => mixedOnlyKeys.includes(key))
    ? 'Mixed'
    : keys.some((key) => continuousOnlyKeys.includes(key))
      ? 'Continuous'
      : scheduleShapeOfBackupType(Number(input.backup_type));
  if (shape === null) return keys.length ? body : { ...input, schedule: null };
  return { ...input, schedule: { shape, ...schedule } };
}

export const backupStrategyInputSchema = z.preprocess(
  withScheduleShape,
  z
    .object({
      company_id: z.coerce
        .number({ error: 'The company field is required.' })
        .int()
        .positive('The company field is required.'),
      source_type: idOf(backupSourceTypes, 'source type'),
      source: idList,
      backup_type: idOf(backupTypes, 'backup type'),
      schedule: z.preprocess(
        (value) => (value === '' || value === undefined ? null : value),
        backupScheduleSchema.nullable(),
      ),
      program: z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        idOf(backupPrograms, 'program'),
      ),
      software: optionalText(255),
      destination_type: idOf(backupDestinationTypes, 'destination type'),
      destination: idList,
      offsite_backup_location: optionalText(1000),
      local_backup_location: optionalText(1000),
      notes: optionalText(10_000),
    })
    .superRefine((input, ctx) => {
      const shape = scheduleShapeOfBackupType(input.backup_type);
      if (shape === null && input.schedule !== null)
        ctx.addIssue({ code: 'custom', path: ['schedule'], message: 'Manual and Other backups have no schedule.' });
      if (shape !== null && input.schedule?.shape !== shape)
        ctx.addIssue({ code: 'custom', path: ['schedule'], message: `The schedule must be a ${shape} schedule.` });
    }),
);
export type BackupStrategyInput = z.infer<typeof backupStrategyInputSchema>;

export const backupDriveSchema = z.object({
  id: z.number().int(),
  letter: z.string(),
  size: z.number().int(),
  server_id: z.number().int(),
  server: z.string(),
});
export const backupDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  drives: z.array(z.object({ id: z.number().int(), letter: z.string(), size: z.number().int() })),
  software: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BackupDevice = z.infer<typeof backupDeviceSchema>;

/** A row of GET /api/strategies/backup: the schedule as JSON text (spec 2 §7), with the list's column texts. */
export const backupStrategyRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  source_type: z.number().int(),
  source: z.array(z.number().int()),
  backup_type: z.number().int(),
  schedule: z.string().nullable(),
  program: z.number().int(),
  software: z.string().nullable(),
  destination_type: z.number().int(),
  destination: z.array(z.number().int()),
  offsite_backup_location: z.string().nullable(),
  local_backup_location: z.string().nullable(),
  notes: z.string().nullable(),
  source_names: z.array(z.string()),
  destination_names: z.array(z.string()),
  created_at: z.string(),
});
export type BackupStrategyRow = z.infer<typeof backupStrategyRowSchema>;

/** GET /api/strategies/backup/{id}: the first element of the list (spec 2 §7). */
export const backupStrategyDetailSchema = backupStrategyRowSchema.extend({
  drives: z.array(backupDriveSchema),
  destination_drives: z.array(backupDriveSchema),
  server: z.array(backupDeviceSchema),
  server_software: z.array(z.object({ id: z.number().int(), name: z.string(), server_id: z.number().int() })),
});
export type BackupStrategyDetail = z.infer<typeof backupStrategyDetailSchema>;

export const backupStrategyCreatedMessage = 'Backup Strategy Created.';
export const backupStrategyUpdatedMessage = 'Backup Strategy Updated.';
export const backupStrategyDeletedMessage = 'Backup Strategy Deleted.';

/** The schedule stored as text, read back; null when absent or not one of the three shapes. */
export function parseBackupSchedule(text: string | null): BackupSchedule | null {
  if (!text) return null;
  try {
    const parsed = backupScheduleSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- Server software (issue 19: the list Software backups pick from, edited on the server's device form) ----

export const serverSoftwareSavedMessage = 'Software saved.';
export const serverSoftwareNotServerMessage = 'Only servers have a software list.';
export const serverSoftwareDuplicateMessage = 'This software is already listed.';

export const serverSoftwareRowInputSchema = z.object({
  // A kept row carries its id, so backup strategies that back it up stay pointed at it; a new row has none.
  id: z.preprocess(
    (value) => (value === '' || value === null || value === 'new' ? undefined : value),
    z.coerce.number().int().positive().optional(),
  ),
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(100, 'The name may not be greater than 100 characters.'),
});

/** PUT /api/devices/{id}/software: the whole list; names unique per server regardless of case. */
export const serverSoftwareInputSchema = z
  .object({
    software: z
      .array(serverSoftwareRowInputSchema, { error: 'The software must be a list.' })
      .max(200, 'A server may list at most 200 software entries.'),
  })
  .superRefine((input, ctx) => {
    const seenNames = new Set<string>();
    const seenIds = new Set<number>();
    input.software.forEach((row, index) => {
      const key = row.name.toLowerCase();
      if (seenNames.has(key))
        ctx.addIssue({ code: 'custom', path: ['software', index, 'name'], message: serverSoftwareDuplicateMessage });
      seenNames.add(key);
      if (row.id !== undefined && seenIds.has(row.id))
        ctx.addIssue({ code: 'custom', path: ['software', index, 'id'], message: 'This row is listed twice.' });
      if (row.id !== undefined) seenIds.add(row.id);
    });
  });
export type ServerSoftwareInput = z.infer<typeof serverSoftwareInputSchema>;

export const serverSoftwareSchema = z.object({ id: z.number().int(), name: z.string() });
export type ServerSoftware = z.infer<typeof serverSoftwareSchema>;
export const serverSoftwareResponseSchema = z.object({ data: z.array(serverSoftwareSchema) });
export const serverSoftwareSavedResponseSchema = z.object({
  message: z.string(),
  data: z.array(serverSoftwareSchema),
});

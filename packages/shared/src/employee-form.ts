import { z } from 'zod';
import { currentPasswordSchema, PASSWORD_MAX_LENGTH, passwordMaxMessage } from './account-security.ts';
import { holidaySchema } from './holidays.ts';
import { workHoursSchema } from './hr/base.ts';
import { optionalPhoneNumberSchema } from './phone.ts';
import { ptoPeriodSchema, ptoSettingSchema } from './pto.ts';
import { userRoles } from './auth.ts';
import { USER_PASSWORD_MIN_LENGTH } from './users.ts';
import { isoDateText, jsonText } from './validation.ts';

/** The employee create and edit form (spec 1 §2.6, §3.10, §4, §5, §7.6). Decision 0021. */

export const employeeCreatedMessage = 'Employee created.';
export const employeeUpdatedMessage = 'Employee updated.';
/** Spec 1 §8, verbatim (with its trailing space). */
export const employeeLoadFailedMessage = 'An Error Occured ';
export const employeePasswordMismatchMessage = 'The password confirmation does not match.';
export const employeePhotoTypeMessage = 'The photo must be a file of type: png, jpeg, gif, webp.';
export const employeePhotoSizeMessage = 'The photo may not be greater than 2048 kilobytes.';
export const EMPLOYEE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const employeePhotoMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The browser resizes photos to fit this square before upload. */
export const EMPLOYEE_PHOTO_MAX_SIDE = 512;
export const agentNumberTakenMessage = 'This phone number is assigned to another agent.';
/** designs/hr.md §2.2: the manager (stage 1 of HR requests) is an enabled employee other than oneself. */
export const sipUsernameTakenMessage = 'This SIP username is assigned to another agent.';
export const sipUsernameInvalidMessage =
  'The SIP username may only contain letters, digits, dots, dashes and underscores.';
const sipUsernamePattern = /^[A-Za-z0-9._-]{1,64}$/;
/** An optional telephony field: '' or null clears it, absent keeps what is stored. */
const agentTelephonyText = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value,
    z.string().regex(pattern, { message }).nullable().optional(),
  );
export const employeeManagerInvalidMessage = 'The manager must be another employee.';

/** The edit views of spec 1 §2.6, with their labels. */
export const employeeViews = [
  { view: 'account', label: 'Account' },
  { view: 'basicinformation', label: 'Employee Information' },
  { view: 'emp_holidays', label: 'Employee Holidays' },
  { view: 'permissions', label: 'Permissions' },
  { view: 'pto', label: 'PTO' },
  { view: 'agent', label: 'Agent' },
  { view: 'sessions', label: 'Sessions' },
] as const;
export type EmployeeView = (typeof employeeViews)[number]['view'];

/** Spec 1 §5: the placeholder of a password input. */
export const passwordPlaceholder = 'Min 6 Characters';

/** The generator's characters, without look-alikes (0/O, 1/l/I, quotes, `,.;:|`), by class. */
export const generatedPasswordAlphabet = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digits: '23456789',
  symbols: '!#$%&*+=?@^~',
} as const;

/** A uniform random integer in [0, max) from the platform's cryptographic generator. */
function secureRandomIndex(max: number): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const value = new Uint32Array(1);
  // Values past the last full multiple of max are drawn again, so no index is favoured.
  do globalThis.crypto.getRandomValues(value);
  while (value[0]! >= limit);
  return value[0]! % max;
}

/**
 * Spec 1 §5: the 10-character password the form's generator fills in, of letters, digits and symbols: one of each
 * class at least, the rest from all of them, shuffled.
 */
export function generatePassword(random: (max: number) => number = secureRandomIndex): string {
  const { upper, lower, digits, symbols } = generatedPasswordAlphabet;
  const all = upper + lower + digits + symbols;
  const pick = (alphabet: string) => alphabet[random(alphabet.length)]!;
  const characters = [pick(upper), pick(lower), pick(digits), pick(symbols)];
  while (characters.length < 10) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}

const emptyToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;
const requiredText = (field: string, max = 255) =>
  z
    .string({ error: `The ${field} field is required.` })
    .trim()
    .min(1, `The ${field} field is required.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);
const optionalText = (field: string, max = 255) =>
  z.preprocess(
    emptyToNull,
    z.string().trim().max(max, `The ${field} may not be greater than ${max} characters.`).nullable(),
  );
const optionalId = (field: string) =>
  z.preprocess(
    (value) => {
      const v = emptyToNull(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: `The selected ${field} is invalid.` })
      .int(`The selected ${field} is invalid.`)
      .positive(`The selected ${field} is invalid.`)
      .nullable(),
  );
const optionalDate = (field: string) => z.preprocess(emptyToNull, isoDateText(field).nullable());
const flag = z.preprocess(
  (value) =>
    value === true || value === '1' || value === 1
      ? 1
      : value === false || value === '0' || value === 0 || value === undefined || value === null || value === ''
        ? 0
        : value,
  z.union([z.literal(0), z.literal(1)]),
);
const hours = (field: string) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === '' ? 0 : typeof value === 'string' ? Number(value) : value,
    z
      .number({ error: `The ${field} must be a number.` })
      .min(0, `The ${field} must be at least 0.`)
      .max(10000, `The ${field} may not be greater than 10000.`),
  );
/** Form-encoded lists arrive as JSON text (spec 1 §7.6); JSON bodies may send arrays. */
const jsonList = <T extends z.ZodType>(item: T) => jsonText(z.array(item, { error: 'Must be a list.' }).max(200), []);

const passwordSchema = z
  .string({ error: 'The password field is required.' })
  .min(1, 'The password field is required.')
  .min(USER_PASSWORD_MIN_LENGTH, `The password must be at least ${USER_PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, passwordMaxMessage);

const employeeFields = {
  name: requiredText('name'),
  email: requiredText('email').pipe(z.email('The email must be a valid email address.')),
  title: optionalText('title'),
  phone_number: optionalPhoneNumberSchema,
  address: optionalText('address'),
  city: optionalText('city'),
  state: optionalText('state', 10),
  zip: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'The zip must be 5 digits (or ZIP+4).')
      .nullable(),
  ),
  region_id: optionalId('region'),
  timezone_id: optionalId('timezone'),
  start_date: optionalDate('start date'),
  birthday: optionalDate('birthday'),
  pto_start_date: optionalDate('pto start date'),
  accrual_rollover_limit: hours('accrual rollover limit'),
  lump_sum_rollover_limit: hours('lump sum rollover limit'),
  departments: jsonList(z.coerce.number().int().positive()),
  permissions: jsonList(z.string().max(100)).optional(),
  /** Spec 1 §4: 0 enabled, 1 disabled (disabled sets deleted_at). */
  active: flag,
  /** Two-factor can only be switched off here; users enable it themselves. */
  twofactor_enabled: flag.optional(),
  agent_number: optionalId('agent number').optional(),
  reminder_emails: flag.optional(),
  callback_number: optionalPhoneNumberSchema.optional(),
  /** designs/crm-softphone.md §2.2: the agent's telephony login (the Agent tab, 'manage crm'); absent keeps it. */
  sip_username: agentTelephonyText(sipUsernamePattern, sipUsernameInvalidMessage),
  telephony_credential_id: agentTelephonyText(/^[A-Za-z0-9._:-]{1,200}$/, 'The telephony credential id is invalid.'),
  connection_id: agentTelephonyText(/^[A-Za-z0-9._:-]{1,200}$/, 'The connection id is invalid.'),
  /** Write-only: sealed on the server and never returned; empty or absent keeps the stored one. */
  sip_password: z.preprocess(
    (value) => (typeof value === 'string' && value === '' ? undefined : value),
    z.string().max(200, { message: 'The SIP password may not be greater than 200 characters.' }).optional(),
  ),
  password_confirmation: z.preprocess((value) => value ?? '', z.string()),
  /**
   * designs/hr.md §2.2, §2.3 (HR staff only, as the employment fields): the manager, and the own week as JSON text
   * (or an object in a JSON body); empty clears it (null = the company week). Absent leaves the stored value alone.
   */
  manager_id: optionalId('manager').optional(),
  work_hours: jsonText(workHoursSchema.nullable(), null).optional(),
};

const passwordsMatch = (
  value: { password?: string | undefined; password_confirmation: string },
  ctx: z.RefinementCtx,
) => {
  if (value.password !== undefined && value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: employeePasswordMismatchMessage });
  }
};

/** POST /api/users/employee: the password is required. */
export const createEmployeeInputSchema = z
  .object({ ...employeeFields, password: passwordSchema })
  .superRefine(passwordsMatch);
export type CreateEmployeeInput = z.infer<typeof createEmployeeInputSchema>;

/** POST /api/users/employee/{user_id} with the PUT override: an empty password keeps the current one. */
export const updateEmployeeInputSchema = z
  .object({
    ...employeeFields,
    password: z.preprocess((value) => (value === '' || value === null ? undefined : value), passwordSchema.optional()),
    /** Asked when the employee changes their own password, e-mail or two-factor (decision 0057). */
    current_password: currentPasswordSchema,
  })
  .superRefine(passwordsMatch);
export type UpdateEmployeeInput = z.infer<typeof updateEmployeeInputSchema>;

export const employeeDetailSchema = z.object({
  user_id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    /** The users-admin role: only an administrator changes an administrator (decision 0025). */
    role: z.enum(userRoles),
    name: z.string(),
    email: z.string(),
    photo: z.string().nullable(),
    shortname: z.string().nullable(),
    permissions: z.array(z.string()),
    two_factor: z.object({ twofactor_enabled: z.boolean() }),
  }),
  title: z.string().nullable(),
  region_id: z.number().int().nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  timezone_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  birthday: z.string().nullable(),
  pto_start_date: z.string().nullable(),
  accrual_rollover_limit: z.number(),
  lump_sum_rollover_limit: z.number(),
  /** designs/hr.md §2.2: the manager (the name too, as a disabled manager is in no picker). */
  manager_id: z.number().int().nullable(),
  manager: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** designs/hr.md §2.3: hours per ISO weekday ('1' Monday to '7' Sunday); null = the company week. */
  work_hours: z.record(z.string(), z.number()).nullable(),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agent_settings: z
    .object({
      phone_number_id: z.number().int().nullable(),
      phone_info: z.object({ phone_number: z.string() }).nullable(),
      reminder_emails: z.number().int(),
      callback_number: z.string().nullable(),
      // designs/crm-softphone.md §2.2; the SIP password is never returned.
      sip_username: z.string().nullable(),
      telephony_credential_id: z.string().nullable(),
      connection_id: z.string().nullable(),
    })
    .nullable(),
  deleted_at: z.string().nullable(),
  latest_session: z.object({ last_activity: z.string() }).nullable(),
});
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

/**
 * GET /api/users/employee/{id} (data): the detail plus spec 1 §3.10's user.pto_settings, user.pto_periods and
 * user.holiday (the employee's own holidays). They are null for a caller who may not read that employee's PTO
 * (only the employee and 'view human resources' may, as on GET /api/users/employee/pto/{id}).
 */
export const employeeRecordSchema = employeeDetailSchema.extend({
  user: employeeDetailSchema.shape.user.extend({
    pto_settings: z.array(ptoSettingSchema).nullable(),
    pto_periods: z.array(ptoPeriodSchema).nullable(),
    holiday: z.array(holidaySchema).nullable(),
  }),
});
export type EmployeeRecord = z.infer<typeof employeeRecordSchema>;

/** GET /api/crm/phone_numbers: an agent phone number and how many agents use it (0 or 1). */
export const agentPhoneNumberSchema = z.object({
  id: z.number().int(),
  phone_number: z.string(),
  agent_settings_count: z.number().int(),
  /** The agent it is assigned to, if any. */
  user_id: z.number().int().nullable(),
});
export type AgentPhoneNumber = z.infer<typeof agentPhoneNumberSchema>;

/** Spec 1 §4: selectable when unassigned or already this employee's. */
export const agentNumberSelectable = (number: AgentPhoneNumber, employeeId: number | null) =>
  number.agent_settings_count === 0 || number.user_id === employeeId;

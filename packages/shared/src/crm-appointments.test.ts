import { describe, expect, it } from 'vitest';
import {
  appointmentBodyOf,
  appointmentCreateInputSchema,
  appointmentFormErrors,
  appointmentListQuerySchema,
  appointmentMessages,
  appointmentRangeInstants,
  appointmentStatusOptions,
  appointmentUpdateInputSchema,
  mayChangeAppointmentStatus,
  statusChangeRefusedMessage,
  type AppointmentFormValues,
} from './crm-appointments.ts';

// The appointments' rules (designs/crm-softphone.md §4.11): the dialog's slots and end after start, the API's
// instants, the status transitions, the list's range in the viewer's zone.

const form = (patch: Partial<AppointmentFormValues> = {}): AppointmentFormValues => ({
  date: '2026-12-01',
  startTime: '09:00',
  endTime: '10:00',
  kind: 'onsite',
  assigned_to: '',
  location: '',
  notes: '',
  status: 'scheduled',
  ...patch,
});

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('the appointment form', () => {
  it('needs a date and two half-hour slots, the end after the start', () => {
    expect(appointmentFormErrors(form())).toBeNull();
    expect(appointmentFormErrors(form({ endTime: '09:00' }))).toEqual({
      endTime: appointmentMessages.endTimeAfterStart,
    });
    expect(appointmentFormErrors(form({ endTime: '08:30' }))).toEqual({
      endTime: appointmentMessages.endTimeAfterStart,
    });
    expect(appointmentFormErrors(form({ date: '' }))).toEqual({ date: 'The date field is required.' });
    expect(appointmentFormErrors(form({ date: '2026-02-30' }))).toEqual({ date: 'The date is not a valid date.' });
    expect(appointmentFormErrors(form({ startTime: '' }))).toEqual({ startTime: 'The start time field is required.' });
    expect(appointmentFormErrors(form({ startTime: '09:15' }))).toEqual({
      startTime: 'Choose a time on the half hour.',
    });
    expect(appointmentFormErrors(form({ endTime: '23:30', startTime: '00:00' }))).toBeNull();
  });

  it('turns the day and slots into instants with the given wall clock', () => {
    const body = appointmentBodyOf(form({ assigned_to: '7', location: ' Suite 4 ' }), (date, time) =>
      new Date(`${date}T${time}:00-05:00`).toISOString(),
    );
    expect(body).toEqual({
      assigned_to: 7,
      starts_at: '2026-12-01T14:00:00.000Z',
      ends_at: '2026-12-01T15:00:00.000Z',
      kind: 'onsite',
      location: 'Suite 4',
      notes: '',
      status: 'scheduled',
    });
    expect(appointmentBodyOf(form(), (date, time) => `${date}T${time}:00Z`).assigned_to).toBeNull();
  });
});

describe('the API bodies', () => {
  const base = { lead_id: 3, starts_at: '2026-12-01T15:00:00Z', ends_at: '2026-12-01T16:00:00+00:00' };
  it('takes instants with an offset, the end after the start, within a day', () => {
    expect(appointmentCreateInputSchema.parse(base)).toMatchObject({ kind: 'onsite', location: '', notes: '' });
    expect(errorsOf(appointmentCreateInputSchema.safeParse({ ...base, ends_at: base.starts_at }))).toEqual({
      ends_at: appointmentMessages.endsAfterStarts,
    });
    expect(errorsOf(appointmentCreateInputSchema.safeParse({ ...base, ends_at: '2026-12-02T15:00:01Z' }))).toEqual({
      ends_at: appointmentMessages.tooLong,
    });
    expect(errorsOf(appointmentCreateInputSchema.safeParse({ ...base, starts_at: '2026-12-01 15:00' }))).toEqual({
      starts_at: appointmentMessages.startsInvalid,
    });
    expect(errorsOf(appointmentCreateInputSchema.safeParse({ ...base, lead_id: undefined }))).toEqual({
      lead_id: appointmentMessages.leadRequired,
    });
    expect(errorsOf(appointmentCreateInputSchema.safeParse({ ...base, lead_id: -1 }))).toEqual({
      lead_id: appointmentMessages.leadInvalid,
    });
    expect(errorsOf(appointmentUpdateInputSchema.safeParse({ status: 'lost' }))).toEqual({
      status: appointmentMessages.statusInvalid,
    });
    expect(appointmentUpdateInputSchema.parse({ assigned_to: '' })).toEqual({ assigned_to: null });
  });

  it('lists by range (at most 400 days, in order) or by lead', () => {
    expect(appointmentListQuerySchema.parse({ lead_id: '4' })).toEqual({ lead_id: 4, tz_offset: 0 });
    expect(errorsOf(appointmentListQuerySchema.safeParse({}))).toEqual({ from: appointmentMessages.rangeOrLead });
    expect(appointmentListQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' }).success).toBe(false);
    expect(appointmentListQuerySchema.safeParse({ from: '2026-01-01', to: '2027-03-01' }).success).toBe(false);
    expect(appointmentListQuerySchema.parse({ from: '2026-12-01', to: '2026-12-31', tz_offset: '-300' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
      tz_offset: -300,
    });
  });

  it("reads the range's days at the viewer's offset", () => {
    const [start, end] = appointmentRangeInstants('2026-12-01', '2026-12-01', -300);
    expect(start.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });
});

describe('status transitions', () => {
  it('scheduled -> held, no show, cancelled; cancelled -> scheduled; held <-> no show; never back from held', () => {
    expect(appointmentStatusOptions('scheduled')).toEqual(['scheduled', 'held', 'no_show', 'cancelled']);
    expect(mayChangeAppointmentStatus('cancelled', 'scheduled')).toBe(true);
    expect(mayChangeAppointmentStatus('held', 'no_show')).toBe(true);
    expect(mayChangeAppointmentStatus('no_show', 'held')).toBe(true);
    expect(mayChangeAppointmentStatus('held', 'scheduled')).toBe(false);
    expect(mayChangeAppointmentStatus('held', 'cancelled')).toBe(false);
    expect(mayChangeAppointmentStatus('cancelled', 'held')).toBe(false);
    expect(mayChangeAppointmentStatus('held', 'held')).toBe(true);
    expect(statusChangeRefusedMessage('no_show', 'scheduled')).toBe('A no show appointment cannot become scheduled.');
  });
});

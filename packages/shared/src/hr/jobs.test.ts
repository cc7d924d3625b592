import { describe, expect, it } from 'vitest';
import {
  halfHourSlots,
  hrApplicantCreateSchema,
  hrApplicantMoveSchema,
  hrInterviewInputSchema,
  hrJobInputSchema,
  hrKnownApplicantWarning,
  renderHrTemplate,
} from './jobs.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('hiring contract', () => {
  it('has the 48 half-hour slots', () => {
    expect(halfHourSlots).toHaveLength(48);
    expect(halfHourSlots[0]).toBe('00:00');
    expect(halfHourSlots[19]).toBe('09:30');
    expect(halfHourSlots[47]).toBe('23:30');
  });

  it('reads multipart text fields of an applicant', () => {
    const parsed = hrApplicantCreateSchema.parse({
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: 'ADA@Example.com',
      rating: '4',
      referred_by: '',
      step_id: '',
      tags: 'senior, network',
    });
    expect(parsed).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', rating: 4, referred_by: null });
    expect(parsed.step_id).toBeNull();
    expect(parsed.tags).toEqual(['senior', 'network']);
    expect(
      hrApplicantCreateSchema.parse({ first_name: 'A', last_name: 'B', email: 'a@b.co', tags: '["x"]' }).tags,
    ).toEqual(['x']);
  });

  it('refuses a bad applicant with messages per field', () => {
    const result = hrApplicantCreateSchema.safeParse({ first_name: '', last_name: 'B', email: 'nope', rating: '9' });
    expect(messages(result)).toEqual({
      first_name: 'The first name field is required.',
      email: 'The email must be a valid email address.',
      rating: 'The rating is 1 to 5.',
    });
  });

  it('checks the salary range of a job', () => {
    const result = hrJobInputSchema.safeParse({
      title: 'Senior Technician',
      employment_type: 'full_time',
      workplace: 'hybrid',
      salary_min: 90000,
      salary_max: 70000,
    });
    expect(messages(result)).toEqual({ salary_max: 'The maximum salary may not be below the minimum.' });
  });

  it('takes interview times from the half-hour slots, start before end', () => {
    const base = {
      applicant_id: 1,
      date: '2026-12-01',
      kind: 'video',
      interviewer_ids: [2],
    };
    expect(hrInterviewInputSchema.safeParse({ ...base, start_time: '09:00', end_time: '10:00' }).success).toBe(true);
    expect(messages(hrInterviewInputSchema.safeParse({ ...base, start_time: '09:15', end_time: '10:00' }))).toEqual({
      start_time: 'The start time field is required.',
    });
    expect(messages(hrInterviewInputSchema.safeParse({ ...base, start_time: '11:00', end_time: '10:00' }))).toEqual({
      end_time: 'The start time may not be after the end time.',
    });
    expect(
      messages(
        hrInterviewInputSchema.safeParse({ ...base, start_time: '09:00', end_time: '10:00', time_zone: 'Mars/X' }),
      ),
    ).toEqual({ time_zone: 'Choose a time zone.' });
  });

  it('needs the expected step of a move', () => {
    expect(messages(hrApplicantMoveSchema.safeParse({ step_id: 2, position: 0 }))).toEqual({
      expected_step_id: 'Give the step the applicant was in.',
    });
  });

  it('fills the template placeholders and words the known e-mail warning', () => {
    expect(
      renderHrTemplate('Hi {first_name}, {job_title} at {company_name}. {first_name}', {
        first_name: 'Ada',
        job_title: 'Technician',
        company_name: 'Acme',
      }),
    ).toBe('Hi Ada, Technician at Acme. Ada');
    expect(hrKnownApplicantWarning('Senior Technician', '2026-03-02', 'Rejected')).toBe(
      'Applied to Senior Technician on 2026-03-02 (Rejected)',
    );
  });
});

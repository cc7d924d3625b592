import type { HrBoardCard } from '@switchboard/shared/hr/jobs';
import { describe, expect, it } from 'vitest';
import {
  applicantsCsvFileName,
  buildApplicantsCsv,
  filterApplicants,
  noApplicantFilters,
  type ApplicantRow,
} from './applicants-table.ts';

const row = (id: number, changes: Partial<ApplicantRow>): ApplicantRow => ({
  id,
  job_id: 1,
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  source: 'referral',
  rating: 4,
  tags: ['cisco'],
  step_id: 10,
  position: 0,
  step_entered_at: '2026-11-20T10:00:00.000Z',
  days_in_step: 3,
  next_interview: null,
  created_at: '2026-11-02T09:30:00.000Z',
  step_name: 'Applied',
  ...changes,
});

const rows = [
  row(1, {}),
  row(2, {
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    source: 'job_board',
    rating: null,
    tags: [],
    step_id: 11,
  }),
  row(3, { name: '=cmd|calc', email: 'x@example.com', rating: 2, tags: ['cisco', 'ccna'] }),
] satisfies HrBoardCard[];

describe('the applicant table', () => {
  it('filters by name or e-mail, step, source, least rating and tag', () => {
    const ids = (filters: Partial<typeof noApplicantFilters>) =>
      filterApplicants(rows, { ...noApplicantFilters, ...filters }).map((each) => each.id);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ search: 'NAVY' })).toEqual([2]);
    expect(ids({ search: 'grace' })).toEqual([2]);
    expect(ids({ step_id: 11 })).toEqual([2]);
    expect(ids({ source: 'referral' })).toEqual([1, 3]);
    expect(ids({ min_rating: 3 })).toEqual([1]);
    expect(ids({ tag: 'ccna' })).toEqual([3]);
    expect(ids({ tag: 'cisco', min_rating: 1 })).toEqual([1, 3]);
  });

  it('exports the shown rows as CSV with the table columns, neutralising formulas', () => {
    const csv = buildApplicantsCsv([rows[0]!, rows[2]!]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Name,Email,Step,Rating,Source,Tags,Days in step,Applied',
      'Ada Lovelace,ada@example.com,Applied,4,Referral,cisco,3,2026-11-02',
      "'=cmd|calc,x@example.com,Applied,2,Referral,cisco; ccna,3,2026-11-02",
      '',
    ]);
  });

  it('names the file after the job and the day', () => {
    expect(applicantsCsvFileName('Senior Technician (L3)', new Date('2026-11-28T12:00:00Z'))).toBe(
      'applicants-senior-technician-l3-2026-11-28.csv',
    );
  });
});

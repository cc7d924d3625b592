import { describe, expect, it } from 'vitest';
import { parseRoleNames } from './devices.ts';
import {
  analysisQuestionIds,
  antivirusLabel,
  baselineInputSchema,
  baselineSections,
  checkInToast,
  chooseAnswer,
  driveLabel,
  isCheckedIn,
  maintenanceItemState,
  maintenanceMonthOf,
  notesRequiredMessage,
  rowsMissingNotes,
} from './maintenance.ts';

describe('Scheduled Maintenance rules (spec 2 §2, §4, §5, §9)', () => {
  it('has the baseline sections with the spec ids and the Event Log note', () => {
    expect(baselineSections.map((s) => [s.title, s.questions.map((q) => q.id)])).toEqual([
      ['General Security', [1, 2, 3, 4]],
      ['Domain Controller', [5, 6, 7, 8]],
      ['Audit Enabled', [9, 10, 11]],
      ['Event Log Review', [12, 13, 14, 15, 16, 17]],
      ['Patching', [18]],
    ]);
    expect(baselineSections[3]!.note).toBe('Create a ticket for each question you answer yes to.');
    expect(analysisQuestionIds).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    expect(driveLabel('D')).toBe('D Drive Used Space (GB)');
  });

  it('fills N/A notes only for N/A, and finds rows without notes', () => {
    const row = { question_id: 3, answer: 1, notes: 'Checked' };
    expect(chooseAnswer(row, 3)).toEqual({ question_id: 3, answer: 3, notes: 'N/A' });
    expect(chooseAnswer(row, 2)).toEqual({ question_id: 3, answer: 2, notes: 'Checked' });
    expect(rowsMissingNotes([row, { question_id: 4, answer: 0, notes: '  ' }])).toEqual([4]);
  });

  it('shows Incomplete, or the ticket id green when closed (status 1) and red otherwise', () => {
    expect(maintenanceItemState(null)).toEqual({ label: 'Incomplete', color: 'gray' });
    expect(maintenanceItemState({ ticket_id: 12, status: 1 })).toEqual({ label: '12', color: 'green' });
    expect(maintenanceItemState({ ticket_id: 12, status: 2 })).toEqual({ label: '12', color: 'red' });
  });

  it('defaults month and year to the current UTC month, reads AVG and words the check-in toast', () => {
    // 23:30 on 31 January in New York is already February in UTC.
    expect(maintenanceMonthOf(undefined, undefined, new Date('2026-02-01T04:30:00Z'))).toEqual({
      month: 2,
      year: 2026,
    });
    expect(maintenanceMonthOf(7, 2025)).toEqual({ month: 7, year: 2025 });
    expect(antivirusLabel(2)).toBe('Yes for AVG Updates');
    expect(antivirusLabel(1)).toBe('No');
    expect(checkInToast('Sam', 'in')).toBe('Sam checked in to this ticket');
    expect(checkInToast('Sam', 'out')).toBe('Sam checked out of this ticket');
    expect(isCheckedIn([{ user_id: 4, end_time: null }], 4)).toBe(true);
    expect(isCheckedIn([{ user_id: 4, end_time: '2026-01-01T00:00:00Z' }], 4)).toBe(false);
  });

  it('requires notes on every baseline answer and every question once', () => {
    const answers = Array.from({ length: 18 }, (_, i) => ({ question_id: i + 1, answer: 1, notes: 'ok' }));
    const header = { company_id: 1, server_id: 2, month: 3, year: 2026, ticket_id: 4 };
    expect(baselineInputSchema.safeParse({ ...header, answers }).success).toBe(true);
    const blank = baselineInputSchema.safeParse({
      ...header,
      answers: answers.map((a, i) => (i === 2 ? { ...a, notes: ' ' } : a)),
    });
    expect(blank.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['answers.2.notes', notesRequiredMessage],
    ]);
    expect(baselineInputSchema.safeParse({ ...header, answers: answers.slice(1) }).success).toBe(false);
  });

  it('splits a roles text into names, each once whatever its case', () => {
    expect(parseRoleNames('Domain Controller, DNS;dns\n  File   Server ,')).toEqual([
      'Domain Controller',
      'DNS',
      'File Server',
    ]);
    expect(parseRoleNames(null)).toEqual([]);
  });
});

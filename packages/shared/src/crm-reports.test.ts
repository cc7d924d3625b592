import { describe, expect, it } from 'vitest';
import { crmCallStatuses } from './crm-phone.ts';
import {
  callOutcome,
  callOutcomes,
  connectRate,
  crmReportCsv,
  crmReportMessages,
  crmReportQuerySchema,
  daysBetween,
  formatDuration,
  formatReportCell,
  isCalendarDate,
  isCrmReportName,
  reportDays,
  statusesOfOutcome,
  thisMonth,
  type CrmReport,
} from './crm-reports.ts';
import { parseCsv } from './csv.ts';

describe('CRM report rules (designs/crm-softphone.md §4.10)', () => {
  it('knows the four reports', () => {
    expect(['appointments', 'calls', 'callbreakdown', 'agents'].every(isCrmReportName)).toBe(true);
    expect(isCrmReportName('payroll')).toBe(false);
  });

  it('accepts real calendar days only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('counts days with both ends and defaults to this month', () => {
    expect(reportDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(reportDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(thisMonth('2026-02-14')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(thisMonth('2024-02-14')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(thisMonth('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('the query schema refuses bad dates, backwards ranges, over 366 days and a bad agent', () => {
    const errors = (input: Record<string, unknown>) => {
      const parsed = crmReportQuerySchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
    };
    expect(errors({ start: '2026-03-01', end: '2026-03-31' })).toBeNull();
    expect(crmReportQuerySchema.parse({ start: '2026-03-01', end: '2026-03-31', agent: 'all' }).agent).toBeUndefined();
    expect(crmReportQuerySchema.parse({ start: '2026-03-01', end: '2026-03-31', agent: '7' }).agent).toBe(7);
    expect(errors({ start: '2026-02-30', end: '2026-03-31' })).toEqual([['start', crmReportMessages.date]]);
    expect(errors({ start: '2026-03-31', end: '2026-03-01' })).toEqual([['end', crmReportMessages.range]]);
    expect(errors({ start: '2025-01-01', end: '2026-01-02' })).toEqual([['end', crmReportMessages.tooLong]]);
    expect(errors({ start: '2025-01-01', end: '2026-01-01' })).toBeNull();
    expect(errors({ start: '2026-03-01', end: '2026-03-31', agent: 'x' })?.[0]?.[0]).toBe('agent');
  });

  it('maps every call status to one outcome; connects are completed or transferred calls', () => {
    for (const status of crmCallStatuses) expect(callOutcomes).toContain(callOutcome(status));
    expect(statusesOfOutcome('connected')).toEqual(['completed', 'transferred']);
    expect(statusesOfOutcome('missed')).toEqual(['ignored', 'missed']);
    expect(statusesOfOutcome('in_progress')).toEqual(['pending', 'ringing', 'active']);
  });

  it('rates and durations', () => {
    expect(connectRate(1, 3)).toBe(33.3);
    expect(connectRate(0, 0)).toBe(0);
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatReportCell(33.333, 'percent')).toBe('33.3');
    expect(formatReportCell(125, 'duration')).toBe('0:02:05');
    expect(formatReportCell(null, 'number')).toBe('');
  });

  it('the CSV is each table with its title, header, rows and totals, formulas neutralised', () => {
    const report: CrmReport = {
      report: 'callbreakdown',
      start: '2026-03-01',
      end: '2026-03-31',
      agent_id: null,
      time_zone: 'UTC',
      note: null,
      charts: [],
      tables: [
        {
          key: 'a',
          title: 'Agents',
          columns: [
            { key: 'agent', label: 'Agent', kind: 'text' },
            { key: 'talk', label: 'Talk Time', kind: 'duration' },
          ],
          rows: [{ agent: '=Smith, Ann', talk: 61 }],
          totals: { agent: 'Total', talk: 61 },
        },
        { key: 'b', title: 'Hours', columns: [{ key: 'h', label: 'Hour', kind: 'text' }], rows: [], totals: null },
      ],
    };
    const csv = crmReportCsv(report);
    expect(csv).toBe('Agents\r\nAgent,Talk Time\r\n"\'=Smith, Ann",0:01:01\r\nTotal,0:01:01\r\n\r\nHours\r\nHour\r\n');
    expect(parseCsv(csv)[2]).toEqual(["'=Smith, Ann", '0:01:01']);
  });
});

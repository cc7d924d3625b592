import { describe, expect, it } from 'vitest';
import {
  annualReplacementPlan,
  backupFrequency,
  backupScheduleSchema,
  backupStrategyInputSchema,
  backupTargetOf,
  deviceTypeOfRefreshGroup,
  emptySchedule,
  monthlyWeekOrDayMessage,
  parseBackupSchedule,
  refreshAgeColor,
  refreshGroupOfType,
  refreshGroups,
  recipientLabel,
  refreshStrategyInputSchema,
  refreshYearOf,
  replacementYears,
} from './strategies.ts';
import { deviceTypes } from './device-types.ts';

describe('annual replacement plan (spec 2 §9)', () => {
  it('gives the rounded count per year at 1 or more', () => {
    expect(annualReplacementPlan(5, 5)).toBe('1 per year');
    expect(annualReplacementPlan(12, 5)).toBe('2 per year');
    expect(annualReplacementPlan(13, 5)).toBe('3 per year');
    expect(annualReplacementPlan(10, 3)).toBe('3 per year');
  });
  it('gives 1 per year above 0.5 and below 1', () => {
    expect(annualReplacementPlan(3, 5)).toBe('1 per year');
    expect(annualReplacementPlan(2, 3)).toBe('1 per year');
  });
  it('gives no plan at 0.5 or below', () => {
    expect(annualReplacementPlan(0, 5)).toBe('No Annual Replacement Plan');
    expect(annualReplacementPlan(2, 5)).toBe('No Annual Replacement Plan');
    expect(annualReplacementPlan(1, 2)).toBe('No Annual Replacement Plan');
  });
});

describe('refresh date and age colour (spec 2 §4, §9, decision 0062)', () => {
  it('dates the refresh at purchase year plus 5 for every device, workstations too', () => {
    expect(refreshYearOf('2022-05-01')).toBe(2027);
    expect(refreshYearOf(null)).toBeNull();
  });
  it('colours by purchase year plus lifespan: yellow in that year, green before it, red after it', () => {
    expect(refreshAgeColor('printers', '2021-01-01', 2026)).toBe('yellow');
    expect(refreshAgeColor('printers', '2022-01-01', 2026)).toBe('green');
    expect(refreshAgeColor('printers', '2020-01-01', 2026)).toBe('red');
    expect(refreshAgeColor('workstations', '2023-01-01', 2026)).toBe('yellow');
    expect(refreshAgeColor('workstations', '2022-01-01', 2026)).toBe('red');
  });
  it('lists the current year and the four after it', () => {
    expect(replacementYears(2026)).toEqual([2026, 2027, 2028, 2029, 2030]);
  });
});

describe('refresh groups', () => {
  it('map every device type to one singular group and back', () => {
    expect(refreshGroups.map((entry) => entry.type).sort()).toEqual([...deviceTypes].sort());
    for (const type of deviceTypes) expect(deviceTypeOfRefreshGroup(refreshGroupOfType(type))).toBe(type);
    expect(refreshGroupOfType('printers')).toBe('printer');
    expect(refreshGroupOfType('aps')).toBe('ap');
  });
});

describe('backup schedule shapes', () => {
  it('accepts each of the three shapes', () => {
    for (const shape of ['Continuous', 'Full', 'Mixed'] as const)
      expect(backupScheduleSchema.parse(emptySchedule(shape)).shape).toBe(shape);
  });
  it('refuses an unknown shape', () => {
    expect(backupScheduleSchema.safeParse({ shape: 'Hourly' }).success).toBe(false);
  });
  it('holds the repeat interval to 0-48 in steps of 0.5', () => {
    const at = (repeats: unknown) => backupScheduleSchema.safeParse({ ...emptySchedule('Continuous'), repeats });
    expect(at(0).success).toBe(true);
    expect(at(48).success).toBe(true);
    expect(at(1.5).success).toBe(true);
    expect(at(48.5).error?.issues[0]?.message).toBe('The repeat interval may not be greater than 48.');
    expect(at(-0.5).error?.issues[0]?.message).toBe('The repeat interval may not be less than 0.');
    expect(at(1.25).error?.issues[0]?.message).toBe('The repeat interval goes in steps of 0.5 hours.');
  });
  it('refuses negative retain counts', () => {
    const parsed = backupScheduleSchema.safeParse({ ...emptySchedule('Full'), daily_images: -1 });
    expect(parsed.error?.issues[0]?.message).toBe('Retain counts may not be negative.');
  });
  it('keeps the monthly week and day exclusive', () => {
    const monthly = (monthly_time: number | null, monthly_day: number | null) =>
      backupScheduleSchema.safeParse({ ...emptySchedule('Full'), monthly_time, monthly_day });
    expect(monthly(2, 3).success).toBe(true); // 2nd Wednesday
    expect(monthly(null, 9).success).toBe(true); // Last day
    expect(monthly(null, null).success).toBe(true);
    expect(monthly(2, 9).error?.issues[0]?.message).toBe(monthlyWeekOrDayMessage);
    expect(monthly(null, 3).error?.issues[0]?.message).toBe(monthlyWeekOrDayMessage);
  });
  it('round-trips through the stored text', () => {
    const schedule = emptySchedule('Mixed');
    expect(parseBackupSchedule(JSON.stringify(schedule))).toEqual(schedule);
    expect(parseBackupSchedule('not json')).toBeNull();
  });
  it('names the frequency', () => {
    expect(backupFrequency(null)).toBe('Manual');
    expect(backupFrequency({ ...emptySchedule('Continuous'), repeats: 1.5 } as never)).toBe(
      'Mon, Tue, Wed, Thu, Fri every 1.5 h 08:00-18:00',
    );
    expect(backupFrequency(emptySchedule('Full'))).toBe(
      'Full Mon, Tue, Wed, Thu, Fri 22:00; Weekly Saturday; Monthly Last day of the month',
    );
  });
});

describe('backup strategy input', () => {
  const base = {
    company_id: 1,
    source_type: 1,
    source: [3],
    backup_type: 2,
    schedule: emptySchedule('Full'),
    program: 3,
    destination_type: 6,
    destination: [],
  };
  it('matches the schedule shape to the backup type', () => {
    expect(backupStrategyInputSchema.safeParse(base).success).toBe(true);
    const wrong = backupStrategyInputSchema.safeParse({ ...base, schedule: emptySchedule('Continuous') });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['schedule'],
      message: 'The schedule must be a Full schedule.',
    });
    const manual = backupStrategyInputSchema.safeParse({ ...base, backup_type: 4 });
    expect(manual.error?.issues[0]?.message).toBe('Manual and Other backups have no schedule.');
    expect(backupStrategyInputSchema.safeParse({ ...base, backup_type: 4, schedule: null }).success).toBe(true);
  });
  it("takes spec 2 §3's schedule without a shape key: the shape follows the backup type", () => {
    const { shape: _shape, ...specFull } = emptySchedule('Full');
    const full = backupStrategyInputSchema.safeParse({ ...base, schedule: { ...specFull, weekly_sched: [6] } });
    expect(full.data?.schedule).toMatchObject({ shape: 'Full', weekly_sched: 6, daily_sched: [1, 2, 3, 4, 5] });
    const asText = backupStrategyInputSchema.safeParse({ ...base, schedule: JSON.stringify(specFull) });
    expect(asText.data?.schedule).toMatchObject({ shape: 'Full', weekly_sched: 6 });
    const { shape: _mixed, ...specMixed } = emptySchedule('Mixed');
    const mixed = backupStrategyInputSchema.safeParse({ ...base, backup_type: 3, schedule: specMixed });
    expect(mixed.data?.schedule?.shape).toBe('Mixed');
    const { shape: _continuous, ...specContinuous } = emptySchedule('Continuous');
    const wrong = backupStrategyInputSchema.safeParse({ ...base, schedule: specContinuous });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['schedule'],
      message: 'The schedule must be a Full schedule.',
    });
  });
  it('takes the weekly day as one day or a one-day list, never more', () => {
    const at = (weekly_sched: unknown) =>
      backupStrategyInputSchema.safeParse({ ...base, schedule: { ...emptySchedule('Full'), weekly_sched } });
    expect(at([]).data?.schedule).toMatchObject({ weekly_sched: null });
    expect(at(3).data?.schedule).toMatchObject({ weekly_sched: 3 });
    expect(at([2, 3]).error?.issues[0]).toMatchObject({
      path: ['schedule', 'weekly_sched'],
      message: 'Choose one day for the weekly backup.',
    });
  });
  it('refuses types outside the enumerations', () => {
    const parsed = backupStrategyInputSchema.safeParse({ ...base, destination_type: 2 });
    expect(parsed.error?.issues[0]?.message).toBe('The destination type is invalid.');
  });
  it('maps source and destination types to what they pick', () => {
    expect(backupTargetOf(1)).toEqual({ pick: 'drives', deviceType: 'servers' });
    expect(backupTargetOf(3).pick).toBe('none');
    expect(backupTargetOf(10)).toEqual({ pick: 'devices', deviceType: 'nas' });
  });
});

describe('refresh strategy recipients (spec 2 §3: users or email entries)', () => {
  const base = { company_id: 1, date: '2026-03-02' };
  it('takes user ids (also as digits) and typed addresses', () => {
    const parsed = refreshStrategyInputSchema.parse({ ...base, emails: [4, '7', ' boss@client.example '] });
    expect(parsed.emails).toEqual([4, 7, 'boss@client.example']);
  });
  it('refuses what is neither', () => {
    const parsed = refreshStrategyInputSchema.safeParse({ ...base, emails: ['boss at client'] });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['emails', 0],
      message: 'Each recipient must be a user or an e-mail address.',
    });
  });
  it('shows a typed address once, a user as name - email', () => {
    expect(recipientLabel({ name: 'a@b.example', email: 'a@b.example' })).toBe('a@b.example');
    expect(recipientLabel({ name: 'Ann', email: 'a@b.example' })).toBe('Ann - a@b.example');
  });
});

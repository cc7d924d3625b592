import type { EmployeeIndexRow } from '@switchboard/shared';
import { describe, expect, it } from 'vitest';
import { buildEmployeesCsv, csvField, employeesCsvFileName } from './employees-csv.ts';

const row = (overrides: Partial<EmployeeIndexRow> = {}): EmployeeIndexRow => ({
  user_id: 7,
  user: { id: 7, name: 'Ada Lovelace', email: 'ada@example.com', photo: null },
  title: 'Engineer',
  region: { id: 1, name: 'North' },
  phone_number: '5551234567',
  agent_phone: null,
  latest_session: { last_activity: '2026-01-02T03:04:05.000Z' },
  deleted_at: null,
  status: 'Enabled',
  ...overrides,
});

describe('employees CSV', () => {
  it('writes the columns of the table, one line per row, with formatted phones and No Region', () => {
    const csv = buildEmployeesCsv(
      [
        row(),
        row({
          user_id: 8,
          user: { id: 8, name: 'Bob', email: 'bob@example.com', photo: null },
          title: null,
          region: null,
          phone_number: null,
          latest_session: null,
          status: 'Disabled',
        }),
      ],
      { agents: false },
    );
    expect(csv).toBe(
      '\uFEFFName,Email,Title,Region,Phone,Last Active,Status\r\n' +
        'Ada Lovelace,ada@example.com,Engineer,North,(555) 123-4567,2026-01-02T03:04:05.000Z,Enabled\r\n' +
        'Bob,bob@example.com,,No Region,,,Disabled\r\n',
    );
  });

  it('adds the Agent Phone column for agents', () => {
    const csv = buildEmployeesCsv([row({ agent_phone: '5550001111' })], { agents: true });
    const [header, line] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Name,Email,Title,Region,Phone,Agent Phone,Last Active,Status');
    expect(line).toBe(
      'Ada Lovelace,ada@example.com,Engineer,North,(555) 123-4567,(555) 000-1111,2026-01-02T03:04:05.000Z,Enabled',
    );
  });

  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvField('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)");
  });

  it('names the file after the list and the day', () => {
    expect(employeesCsvFileName('Agents', new Date('2026-11-22T10:00:00Z'))).toBe('agents-2026-11-22.csv');
  });
});

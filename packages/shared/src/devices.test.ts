import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import {
  deviceAgeColor,
  deviceInputSchema,
  devicesToCsv,
  parseDeviceCsv,
  parseDrives,
  refreshYear,
  type Device,
} from './devices.ts';

describe('row colour by age (spec 2 §4, §9)', () => {
  it('is yellow when purchase year plus lifespan is this year, green later, red earlier', () => {
    expect(deviceAgeColor('servers', '2021-06-01', 2026)).toBe('yellow');
    expect(deviceAgeColor('servers', '2022-01-01', 2026)).toBe('green');
    expect(deviceAgeColor('servers', '2020-12-31', 2026)).toBe('red');
  });
  it('colours workstations by a three-year lifespan and everything else by five', () => {
    expect(deviceAgeColor('workstations', '2023-03-01', 2026)).toBe('yellow');
    expect(deviceAgeColor('workstations', '2022-03-01', 2026)).toBe('red');
    expect(deviceAgeColor('ups', '2023-03-01', 2026)).toBe('green');
  });
  it('dates the refresh at purchase year plus 5 for every type, workstations too (spec 2 §9)', () => {
    expect(refreshYear('2023-03-01')).toBe(2028);
    expect(refreshYear(null)).toBeNull();
  });
  it('has no colour without a purchase date', () => {
    expect(deviceAgeColor('printers', null, 2026)).toBeNull();
  });
});

describe('deviceInputSchema', () => {
  const base = { company_id: 1, site_id: 2, type: 'servers', name: 'DC01' };
  it('reads drive letters and refuses duplicates', () => {
    expect(deviceInputSchema.parse({ ...base, drives: [{ letter: 'c:', size: '500' }] }).drives).toEqual([
      { letter: 'C', size: 500 },
    ]);
    const twice = deviceInputSchema.safeParse({
      ...base,
      drives: [
        { letter: 'C', size: 1 },
        { letter: 'c', size: 2 },
      ],
    });
    expect(twice.error?.issues[0]?.message).toBe('Each drive letter may appear once.');
  });
  it('gives drives to servers only and requires name and site', () => {
    expect(deviceInputSchema.safeParse({ ...base, type: 'printers', drives: [{ letter: 'C', size: 1 }] }).success).toBe(
      false,
    );
    const empty = deviceInputSchema.safeParse({ company_id: 1, type: 'servers', name: ' ', site_id: '' });
    expect(empty.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'The name field is required.',
      'The site field is required.',
    ]);
  });
});

describe('device CSV', () => {
  it('parses quoted cells, CRLF and maps headers by name', () => {
    expect(parseCsv('a,"b, c","d ""e"""\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'd "e"'],
      ['1', '2', '3'],
    ]);
    const { rows, missingColumns } = parseDeviceCsv('Name,Site,Drives,Unknown\r\nDC01,HQ,"C:500; D:2000",x\r\n');
    expect(missingColumns).toEqual([]);
    expect(rows).toEqual([{ name: 'DC01', site: 'HQ', drives: 'C:500; D:2000' }]);
    expect(parseDeviceCsv('Name\nDC01').missingColumns).toEqual(['Site']);
  });
  it('reads and writes drives', () => {
    expect(parseDrives('C:500; d 2000')).toEqual([
      { letter: 'C', size: 500 },
      { letter: 'D', size: 2000 },
    ]);
    expect(parseDrives('C=big')).toBeNull();
  });
  it('exports a header and one line per device, neutralising formulas', () => {
    const device = {
      site: 'HQ',
      name: '=cmd',
      asset_tag: 'A-1',
      serial_number: null,
      model: null,
      purchase_date: '2024-01-01',
      warranty_date: null,
      operating_system: 'Windows Server 2022',
      antivirus: null,
      roles: 'DC, DNS',
      type: 'servers',
      scheduled_maintenance: 1,
      drives: [{ id: 1, letter: 'C', size: 500 }],
      notes: null,
    } as unknown as Device;
    const csv = devicesToCsv([device]).split('\r\n');
    expect(csv[0]).toBe(
      'Site,Name,Asset Tag,Serial Number,Model,Purchase Date,Warranty Date,Operating System,Antivirus,Roles,Scheduled Maintenance,Drives,Notes',
    );
    expect(csv[1]).toBe(`HQ,"'=cmd",A-1,,,2024-01-01,,Windows Server 2022,,"DC, DNS",Yes,C:500,`);
  });
});

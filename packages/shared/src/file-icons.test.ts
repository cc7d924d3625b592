import { describe, expect, it } from 'vitest';
import { fileIconGroup } from './file-icons.ts';

describe('fileIconGroup (spec 1 §9 file icon groups)', () => {
  it.each([
    ['invoice.pdf', 'pdf'],
    ['Photo.JPEG', 'image'],
    ['logo.svg', 'image'],
    ['scan.gif', 'image'],
    ['budget.xlsm', 'spreadsheet'],
    ['export.csv', 'spreadsheet'],
    ['notes.txt', 'text'],
    ['letter.docx', 'text'],
    ['boot.ini', 'system'],
    ['driver.dll', 'system'],
    ['index.php', 'system'],
    ['xls', 'spreadsheet'],
    ['archive.zip', 'other'],
    ['README', 'other'],
    ['pdf.exe', 'other'],
  ])('puts %s in %s', (name, group) => {
    expect(fileIconGroup(name)).toBe(group);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileTypeIcon } from './file-type-icon.tsx';

describe('FileTypeIcon (spec 1 §9 file icon groups)', () => {
  it.each([
    ['quote.PDF', 'PDF', 'pdf'],
    ['site-photo.jpeg', 'Image', 'image'],
    ['inventory.xlsx', 'Spreadsheet', 'spreadsheet'],
    ['runbook.docx', 'Text document', 'text'],
    ['setup.ini', 'System file', 'system'],
    ['backup.zip', 'File', 'other'],
  ])('draws %s as %s', (fileName, label, group) => {
    render(<FileTypeIcon fileName={fileName} />);
    expect(screen.getByRole('img', { name: label }).getAttribute('data-file-group')).toBe(group);
  });
});

import { describe, expect, it } from 'vitest';
import { PdfPage, wrappable, type Branding } from './pdf-page.ts';

// A long unbroken word made pdfkit wrap one character at a time (a project's 100,000-character goals took over 10 s
// to draw on POST /api/project): words beyond 60 characters are cut into lines of 60 before drawing.
describe('wrappable', () => {
  it('cuts a word beyond 60 characters into lines of 60 and leaves the rest of the text as it is', () => {
    expect(wrappable(`short words stay ${'x'.repeat(60)} as they are`)).toBe(
      `short words stay ${'x'.repeat(60)} as they are`,
    );
    expect(wrappable(`a ${'y'.repeat(130)} b`)).toBe(`a ${'y'.repeat(60)}\n${'y'.repeat(60)}\n${'y'.repeat(10)} b`);
  });

  it('lets a page draw a 100,000-character word as a paragraph, a field and a table cell', async () => {
    const word = 'z'.repeat(100_000);
    const branding: Branding = { name: 'MSP', address: '', phone: '', email: '', website: '', primaryColor: '#000000' };
    const page = new PdfPage(branding, 'Long');
    page
      .paragraph(word)
      .fields([['Goals', word]])
      .table([{ header: 'Description', width: 300 }], [[word]]);
    const pdf = await page.finish();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

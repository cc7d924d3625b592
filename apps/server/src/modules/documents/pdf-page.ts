import { formatUsd } from '@switchboard/shared';
import PDFDocument from 'pdfkit';

// The branded frame every document is drawn in (decision 0038): our letterhead at the top, the title, then the
// type's body through a few plain helpers; page numbers at the foot. Standard PDF fonts only (no font files).

export interface Branding {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  primaryColor: string;
  /** The logo's PNG or JPEG bytes, drawn above the name; null for none. */
  logo?: Buffer | null;
}

export interface TableColumn {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

/** A priced line as quotes, invoices and purchase orders print it; the unit price comes formatted by the type. */
export interface PricedLine {
  description: string;
  quantity: string;
  unitPrice: string;
  amountCents: number;
}

const margin = 50;

/** The page a type's renderer draws on: text, key-value lines and tables that break across pages. */
/**
 * pdfkit wraps a word wider than the line one character at a time, in time that grows with the square of its length
 * (a 100,000-character word took over 10 s): a word beyond 60 characters is cut into lines of 60 before drawing.
 */
export const wrappable = (text: string) => text.replace(/\S{61,}/g, (word) => word.match(/\S{1,60}/g)!.join('\n'));

export class PdfPage {
  readonly doc: PDFKit.PDFDocument;
  private readonly color: string;

  constructor(branding: Branding, title: string, options: { draft?: boolean } = {}) {
    this.doc = new PDFDocument({ size: 'LETTER', margin, bufferPages: true, info: { Title: title } });
    this.color = /^#[0-9a-f]{6}$/i.test(branding.primaryColor) ? branding.primaryColor : '#1c7ed6';
    this.letterhead(branding);
    this.doc.moveDown(1.5).font('Helvetica-Bold').fontSize(18).fillColor('#000').text(title);
    if (options.draft) this.doc.font('Helvetica-Bold').fontSize(11).fillColor('#c92a2a').text('DRAFT: not issued');
    this.doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#000');
  }

  private letterhead(branding: Branding): void {
    const { doc } = this;
    doc.rect(0, 0, doc.page.width, 8).fill(this.color);
    let top = 30;
    if (branding.logo) {
      try {
        doc.image(branding.logo, margin, 24, { fit: [160, 48] });
        top = 80;
      } catch {
        // A logo pdfkit cannot read costs the logo, never the document.
      }
    }
    doc.fillColor(this.color).font('Helvetica-Bold').fontSize(16).text(branding.name, margin, top);
    const contact = [branding.address, branding.phone, branding.email, branding.website].filter((part) => part !== '');
    doc.fillColor('#555').font('Helvetica').fontSize(9);
    for (const line of contact) doc.text(line);
  }

  heading(text: string): this {
    this.doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(this.color).text(text);
    this.doc.font('Helvetica').fontSize(10).fillColor('#000').moveDown(0.2);
    return this;
  }

  paragraph(text: string): this {
    if (text.trim() !== '')
      this.doc.font('Helvetica').fontSize(10).fillColor('#000').text(wrappable(text)).moveDown(0.3);
    return this;
  }

  /** Label: value lines, e.g. the quote's date and validity. */
  fields(entries: [label: string, value: string][]): this {
    for (const [label, value] of entries) {
      this.doc
        .font('Helvetica-Bold')
        .text(`${label}: `, { continued: true })
        .font('Helvetica')
        .text(wrappable(value) || '-');
    }
    return this;
  }

  /** A table whose rows continue on a new page, the header repeated. */
  /** Priced lines, then subtotal, tax and total (the total in bold), amounts in cents. */
  pricedLines(
    unitPriceHeader: string,
    lines: PricedLine[],
    totals: { subtotalCents: number; taxCents: number; totalCents: number },
  ): this {
    return this.table(
      [
        { header: 'Description', width: 262 },
        { header: 'Qty', width: 50, align: 'right' },
        { header: unitPriceHeader, width: 100, align: 'right' },
        { header: 'Amount', width: 100, align: 'right' },
      ],
      [
        ...lines.map((line) => [line.description, line.quantity, line.unitPrice, formatUsd(line.amountCents)]),
        ['Subtotal', '', '', formatUsd(totals.subtotalCents)],
        ['Tax', '', '', formatUsd(totals.taxCents)],
        ['Total', '', '', formatUsd(totals.totalCents)],
      ],
      { boldLast: 1 },
    );
  }

  table(columns: TableColumn[], rows: string[][], options: { boldLast?: number } = {}): this {
    const { doc } = this;
    const drawRow = (cells: string[], bold: boolean) => {
      const y = doc.y;
      let x = margin;
      let height = 0;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        const options = { width: column.width - 6, align: column.align ?? 'left' };
        const text = wrappable(cell);
        height = Math.max(height, doc.heightOfString(text, options));
        doc.text(text, x + 3, y, options);
        x += column.width;
      });
      doc.x = margin;
      doc.y = y + height + 6;
    };
    const header = () => {
      doc.fillColor(this.color);
      drawRow(
        columns.map((column) => column.header),
        true,
      );
      doc.fillColor('#000');
    };
    doc.moveDown(0.3);
    header();
    rows.forEach((row, index) => {
      if (doc.y > doc.page.height - margin - 40) {
        doc.addPage();
        header();
      }
      drawRow(row, options.boldLast !== undefined && index >= rows.length - options.boldLast);
    });
    return this;
  }

  /** The finished file: page numbers on every page, then the bytes. */
  finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index += 1) {
      doc.switchToPage(index);
      // Writing inside the bottom margin would start a new page: lift the margin for the footer.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#888')
        .text(`Page ${index + 1} of ${range.count}`, margin, doc.page.height - 35, {
          width: doc.page.width - 2 * margin,
          align: 'right',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
    const chunks: Buffer[] = [];
    return new Promise((resolve, reject) => {
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      doc.end();
    });
  }
}

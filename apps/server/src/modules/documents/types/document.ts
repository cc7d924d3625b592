import { eq } from 'drizzle-orm';
import { companies } from '../../companies/companies.table.ts';
import { documents } from '../documents.table.ts';
import type { DocumentTypeModule } from '../document-type.ts';

/** A plain titled document (type 'document'): other areas put their text here (reports, forms, proposals). */
export interface PlainView {
  title: string;
  company: string | null;
  body: string;
}

export const plainDocument: DocumentTypeModule<PlainView> = {
  type: 'document',
  clientVisible: true,
  staffPermission: null,
  async load(db, id) {
    const [row] = await db
      .select({ document: documents, company: companies.name })
      .from(documents)
      .leftJoin(companies, eq(companies.id, documents.companyId))
      .where(eq(documents.id, id));
    if (!row) return null;
    return {
      companyId: row.document.companyId,
      title: row.document.title,
      fileName: `Document-${id}`,
      view: { title: row.document.title, company: row.company, body: row.document.body },
    };
  },
  render(page, view) {
    if (view.company) page.fields([['Company', view.company]]);
    for (const block of view.body.split(/\n{2,}/)) page.paragraph(block);
  },
};

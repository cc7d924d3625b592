import { z } from 'zod';

// Documents and their PDF revisions (spec 1 §2.6, §7.2; spec 3 §2 PDF viewer, §3 Revision; decision 0038).

/** The document types the server renders today; `{type}` in /api/pdf/{type}/{id} and /pdf/{type}/{id}. */
export const documentTypes = ['quote', 'invoice', 'po', 'Project_Overview', 'document', 'refresh_strategy'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** '00' for the original (revision 0), '01', '02'... after it. */
export function revisionLabel(revision: number): string {
  return String(revision).padStart(2, '0');
}

// Titles that capitalising each word would get wrong.
const documentTitleNames: Record<string, string> = {
  po: 'Purchase Order',
  hr_form: 'HR Form',
  hr_form_version: 'HR Form Version',
};

/** The viewer's title: the type with underscores as spaces, po as Purchase Order, each word capitalised; then the id. */
export function documentTitle(type: string, id: number | string): string {
  const name =
    documentTitleNames[type.toLowerCase()] ??
    type
      .split('_')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  return `${name} ${id}`;
}

export const documentRevisionSchema = z.object({
  revision: z.number().int().min(0),
  label: z.string(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  checksum: z.string(),
  size: z.number().int(),
});
export type DocumentRevision = z.infer<typeof documentRevisionSchema>;

/** GET /api/revisions/{type}/{id}: the revisions (oldest first) and what the viewer titles the document with. */
export const documentRevisionsResponseSchema = z.object({
  data: z.array(documentRevisionSchema),
  document: z.object({ type: z.string(), id: z.number().int(), title: z.string(), file_name: z.string() }),
});
export type DocumentRevisionsResponse = z.infer<typeof documentRevisionsResponseSchema>;

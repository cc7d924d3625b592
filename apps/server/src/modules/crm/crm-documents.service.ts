import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import {
  fileExtension,
  type CrmDocumentRow,
  type CrmDocumentUpdateInput,
  type CrmEmailTemplateRow,
} from '@switchboard/shared/crm-documents';
import { crmTemplateMessages } from '@switchboard/shared/crm-documents';
import { fileIconGroup } from '@switchboard/shared/file-icons';
import { sanitizeHtml } from '@switchboard/shared/html-policy';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import type { UploadedFile } from '../../plugins/uploads.ts';
import { users } from '../users/users.table.ts';
import { crmDocuments, crmEmailTemplates } from './crm-documents.table.ts';

// The CRM sales library and the e-mail templates (designs/crm-softphone.md §4.6, §4.9). Documents are checked by
// content before they reach here (crm-documents-files.ts); a deleted document keeps its row and file, so e-mails
// already sent keep its name, and drops out of templates that named it.

type DocumentRecord = typeof crmDocuments.$inferSelect;

function presentDocument(row: DocumentRecord, uploaderName: string | null): CrmDocumentRow {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    description: row.description,
    original_name: row.originalName,
    mime: row.mime,
    bytes: row.bytes,
    icon_group: fileIconGroup(row.storagePath),
    uploaded_by: row.uploadedBy === null ? null : { id: row.uploadedBy, name: uploaderName ?? '' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const liveDocument = isNull(crmDocuments.deletedAt);

function selectDocuments(db: DbOrTransaction, where: SQL | undefined) {
  return db
    .select({ document: crmDocuments, uploaderName: users.name })
    .from(crmDocuments)
    .leftJoin(users, eq(users.id, crmDocuments.uploadedBy))
    .where(where ? and(liveDocument, where) : liveDocument);
}

/** GET /api/crm/documents: live documents by name, filtered by words and category; every category in use. */
export async function listDocuments(
  db: DbOrTransaction,
  query: { q?: string | undefined; category?: string | undefined },
): Promise<{ data: CrmDocumentRow[]; categories: string[] }> {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(sql`lower(${crmDocuments.category}) = lower(${query.category})`);
  for (const word of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const pattern = `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(
      sql`(${crmDocuments.name} ilike ${pattern} or ${crmDocuments.description} ilike ${pattern}
        or ${crmDocuments.originalName} ilike ${pattern} or ${crmDocuments.category} ilike ${pattern})`,
    );
  }
  const rows = await selectDocuments(db, conditions.length > 0 ? and(...conditions) : undefined).orderBy(
    sql`lower(${crmDocuments.name})`,
    asc(crmDocuments.id),
  );
  const categories = await db
    .selectDistinct({ category: crmDocuments.category })
    .from(crmDocuments)
    .where(and(liveDocument, sql`${crmDocuments.category} is not null`))
    .orderBy(asc(crmDocuments.category));
  return {
    data: rows.map((row) => presentDocument(row.document, row.uploaderName)),
    categories: categories.map((row) => row.category!),
  };
}

export async function getDocument(db: DbOrTransaction, id: number): Promise<CrmDocumentRow> {
  const [row] = await selectDocuments(db, eq(crmDocuments.id, id));
  if (!row) throw notFound();
  return presentDocument(row.document, row.uploaderName);
}

/** Stores an uploaded file, already known by its bytes, under DATA_DIR/uploads/crm-documents. */
export async function createDocument(
  db: Db,
  dataDir: string,
  input: {
    name?: string | undefined;
    category?: string | null | undefined;
    description?: string | null | undefined;
    file: UploadedFile;
    kind: { ext: string; mime: string };
    sha256: string;
  },
  actorId: number,
): Promise<CrmDocumentRow> {
  const originalName = input.file.filename.slice(0, 255) || `document.${input.kind.ext}`;
  // A name left empty is the file's name without its extension.
  const fallbackName =
    originalName
      .replace(/\.[^.]+$/, '')
      .trim()
      .slice(0, 150) || originalName.slice(0, 150);
  const path = await moveUpload(dataDir, 'crm-documents', input.file, input.kind.ext);
  try {
    const [created] = await db
      .insert(crmDocuments)
      .values({
        name: input.name ?? fallbackName,
        category: input.category ?? null,
        description: input.description ?? null,
        storagePath: path,
        originalName,
        mime: input.kind.mime,
        bytes: input.file.size,
        sha256: input.sha256,
        uploadedBy: actorId,
      })
      .returning({ id: crmDocuments.id });
    return await getDocument(db, created!.id);
  } catch (error) {
    await removeUpload(dataDir, path);
    throw error;
  }
}

export async function updateDocument(db: Db, id: number, input: CrmDocumentUpdateInput): Promise<CrmDocumentRow> {
  const changes: Partial<typeof crmDocuments.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.category !== undefined) changes.category = input.category;
  if (input.description !== undefined) changes.description = input.description;
  const updated = await db
    .update(crmDocuments)
    .set(changes)
    .where(and(eq(crmDocuments.id, id), liveDocument))
    .returning({ id: crmDocuments.id });
  if (updated.length === 0) throw notFound();
  return getDocument(db, id);
}

/** Marks a document deleted and takes it out of every template that names it. */
export async function deleteDocument(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(crmDocuments)
      .set({ deletedAt: new Date() })
      .where(and(eq(crmDocuments.id, id), liveDocument))
      .returning({ id: crmDocuments.id });
    if (updated.length === 0) throw notFound();
    await tx
      .update(crmEmailTemplates)
      .set({ documentIds: sql`array_remove(${crmEmailTemplates.documentIds}, ${id})`, updatedAt: new Date() })
      .where(sql`${id} = any(${crmEmailTemplates.documentIds})`);
  });
}

export interface StoredDocumentFile {
  path: string;
  downloadName: string;
  mime: string;
  bytes: number;
  id: number;
  name: string;
}

/** Live documents' files on disk, in the order asked; a missing id or file throws `missing` for the caller. */
export async function findDocumentFiles(
  db: DbOrTransaction,
  dataDir: string,
  ids: readonly number[],
  missing: () => Error = notFound,
): Promise<StoredDocumentFile[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(crmDocuments)
    .where(and(inArray(crmDocuments.id, [...ids]), liveDocument));
  const files: StoredDocumentFile[] = [];
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row || !/^uploads\/crm-documents\/[0-9a-f]{32}\.[a-z]{3,4}$/.test(row.storagePath)) throw missing();
    const path = join(dataDir, row.storagePath);
    const stat = await fs.stat(path).catch(() => null);
    if (!stat?.isFile()) throw missing();
    // The download keeps the uploaded name, with the extension the bytes showed.
    const storedExt = fileExtension(row.storagePath);
    const sentExt = fileExtension(row.originalName);
    const downloadName =
      sentExt === storedExt || (storedExt === 'jpg' && sentExt === 'jpeg')
        ? row.originalName
        : `${row.originalName}.${storedExt}`;
    files.push({ path, downloadName, mime: row.mime, bytes: stat.size, id: row.id, name: row.name });
  }
  return files;
}

// ---- e-mail templates ----

type TemplateRecord = typeof crmEmailTemplates.$inferSelect;

function presentTemplate(row: TemplateRecord): CrmEmailTemplateRow {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    body_html: row.bodyHtml,
    document_ids: row.documentIds,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const liveTemplate = isNull(crmEmailTemplates.deletedAt);

export async function listTemplates(db: DbOrTransaction): Promise<CrmEmailTemplateRow[]> {
  const rows = await db
    .select()
    .from(crmEmailTemplates)
    .where(liveTemplate)
    .orderBy(sql`lower(${crmEmailTemplates.name})`, asc(crmEmailTemplates.id));
  return rows.map(presentTemplate);
}

export async function getTemplate(db: DbOrTransaction, id: number): Promise<CrmEmailTemplateRow> {
  const [row] = await db
    .select()
    .from(crmEmailTemplates)
    .where(and(eq(crmEmailTemplates.id, id), liveTemplate));
  if (!row) throw notFound();
  return presentTemplate(row);
}

/** Every id must be a live document; answers the 422 otherwise. */
export async function requireLiveDocuments(db: DbOrTransaction, ids: readonly number[], field = 'document_ids') {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: crmDocuments.id })
    .from(crmDocuments)
    .where(and(inArray(crmDocuments.id, [...ids]), liveDocument));
  if (rows.length !== ids.length) throw unprocessable({ [field]: [crmTemplateMessages.documentsInvalid] });
}

const isNameTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string })?.code === '23505' ||
  ((error as { cause?: { code?: string } })?.cause?.code ?? '') === '23505';

type TemplateValues = { name: string; subject: string; body_html: string; document_ids: number[] };

/** Creates (id null) or updates a template; the body is sanitised before it is stored. */
export async function saveTemplate(db: Db, id: number | null, input: TemplateValues): Promise<CrmEmailTemplateRow> {
  await requireLiveDocuments(db, input.document_ids);
  const values = {
    name: input.name,
    subject: input.subject,
    bodyHtml: sanitizeHtml(input.body_html),
    documentIds: input.document_ids,
  };
  try {
    if (id === null) {
      const [created] = await db.insert(crmEmailTemplates).values(values).returning();
      return presentTemplate(created!);
    }
    const [updated] = await db
      .update(crmEmailTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(crmEmailTemplates.id, id), liveTemplate))
      .returning();
    if (!updated) throw notFound();
    return presentTemplate(updated);
  } catch (error) {
    if (isNameTaken(error)) throw unprocessable({ name: [crmTemplateMessages.nameTaken] });
    throw error;
  }
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  const updated = await db
    .update(crmEmailTemplates)
    .set({ deletedAt: new Date() })
    .where(and(eq(crmEmailTemplates.id, id), liveTemplate))
    .returning({ id: crmEmailTemplates.id });
  if (updated.length === 0) throw notFound();
}

import { createHash } from 'node:crypto';
import { revisionLabel, type DocumentRevision } from '@switchboard/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { newUploadPath, readUpload, writeUpload } from '../../plugins/storage.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { users } from '../users/users.table.ts';
import type { DocumentTypeModule, LoadedDocument } from './document-type.ts';
import { documentTypeModules } from './document-types.ts';
import { branding, documentRevisions } from './documents.table.ts';
import { PdfPage, type Branding } from './pdf-page.ts';

// PDFs with immutable revisions (decision 0038): a save that changes what a document shows renders it once and
// stores the file as the next revision; reading a document serves a stored file, never a new render.

const defaultBranding: Branding = {
  name: 'Switchboard IT',
  address: '',
  phone: '',
  email: '',
  website: '',
  primaryColor: '#1c7ed6',
};

/** The letterhead, with the logo's bytes when one is set. */
export async function loadBranding(db: DbOrTransaction, dataDir: string): Promise<Branding> {
  const [row] = await db.select().from(branding).where(eq(branding.id, 1));
  if (!row) return defaultBranding;
  return { ...row, logo: row.logoPath ? await readUpload(dataDir, row.logoPath) : null };
}

/** JSON with sorted keys: equal views hash equal whatever order their fields were built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const viewHashOf = (view: unknown) => createHash('sha256').update(canonicalJson(view)).digest('hex');

export function documentModule(type: string): DocumentTypeModule<unknown> {
  const module = documentTypeModules.get(type);
  if (!module) throw notFound();
  return module;
}

export async function renderDocument(
  db: DbOrTransaction,
  dataDir: string,
  module: DocumentTypeModule<unknown>,
  loaded: LoadedDocument<unknown>,
  options: { draft?: boolean } = {},
): Promise<Buffer> {
  const page = new PdfPage(await loadBranding(db, dataDir), loaded.title, options);
  module.render(page, loaded.view);
  return page.finish();
}

export interface RecordedRevision {
  revision: number;
  created: boolean;
}

/**
 * Called after a record's save: when what its document shows changed since the latest revision (or there is none),
 * renders it and stores the next revision (0 first). Parallel saves race on the unique (type, record, revision):
 * the loser re-reads and tries again. Null when the record does not exist.
 */
export async function recordRevision(
  db: DbOrTransaction,
  dataDir: string,
  type: string,
  id: number,
  actorId: number | null,
): Promise<RecordedRevision | null> {
  const module = documentModule(type);
  for (let attempt = 0; ; attempt += 1) {
    const loaded = await module.load(db, id);
    if (!loaded) return null;
    const hash = viewHashOf(loaded.view);
    const [latest] = await db
      .select({ revision: documentRevisions.revision, viewHash: documentRevisions.viewHash })
      .from(documentRevisions)
      .where(and(eq(documentRevisions.type, type), eq(documentRevisions.recordId, id)))
      .orderBy(desc(documentRevisions.revision))
      .limit(1);
    if (latest?.viewHash === hash) return { revision: latest.revision, created: false };
    const file = await renderDocument(db, dataDir, module, loaded);
    const path = newUploadPath('documents', 'pdf');
    await writeUpload(dataDir, path, file); // written before its row: a failed insert leaves an unnamed file only
    const revision = (latest?.revision ?? -1) + 1;
    const inserted = await db
      .insert(documentRevisions)
      .values({
        type,
        recordId: id,
        revision,
        companyId: loaded.companyId,
        path,
        checksum: createHash('sha256').update(file).digest('hex'),
        viewHash: hash,
        size: file.length,
        createdBy: actorId,
      })
      .onConflictDoNothing()
      .returning({ revision: documentRevisions.revision });
    if (inserted.length > 0) return { revision, created: true };
    if (attempt >= 3) throw new Error(`document revision race on ${type} ${id}`);
  }
}

/**
 * The document of `type` and `id` if the caller may read it: staff signed in (with the type's permission, or any
 * staff for a record open to staff), a client account only its own company's documents of a type clients see. 404
 * otherwise, as for what does not exist.
 */
export async function loadReadableDocument(
  db: DbOrTransaction,
  auth: AuthContext,
  type: string,
  id: number,
): Promise<{ module: DocumentTypeModule<unknown>; loaded: LoadedDocument<unknown> }> {
  const module = documentModule(type);
  const loaded = await module.load(db, id);
  if (!loaded) throw notFound();
  if (auth.user.type === 'Employee') {
    const permitted = module.staffPermission === null || auth.permissions.includes(module.staffPermission);
    if (!permitted && loaded.openToStaff !== true) throw forbidden();
    if (module.readable && !(await module.readable(db, auth, id))) throw notFound();
    return { module, loaded };
  }
  const companyId = await clientCompanyOf(db, auth.user.id);
  if (!module.clientVisible || companyId === null || loaded.companyId !== companyId) throw notFound();
  return { module, loaded };
}

export async function listRevisions(db: DbOrTransaction, type: string, id: number): Promise<DocumentRevision[]> {
  const rows = await db
    .select({
      revision: documentRevisions.revision,
      createdAt: documentRevisions.createdAt,
      checksum: documentRevisions.checksum,
      size: documentRevisions.size,
      creatorId: users.id,
      creatorName: users.name,
    })
    .from(documentRevisions)
    .leftJoin(users, eq(users.id, documentRevisions.createdBy))
    .where(and(eq(documentRevisions.type, type), eq(documentRevisions.recordId, id)))
    .orderBy(asc(documentRevisions.revision));
  return rows.map((row) => ({
    revision: row.revision,
    label: revisionLabel(row.revision),
    created_at: row.createdAt.toISOString(),
    created_by: row.creatorId === null ? null : { id: row.creatorId, name: row.creatorName ?? '' },
    checksum: row.checksum,
    size: row.size,
  }));
}

/** A stored revision's file (the latest when `revision` is undefined); null when there is none. */
export async function readRevisionFile(
  db: DbOrTransaction,
  dataDir: string,
  type: string,
  id: number,
  revision?: number,
): Promise<{ revision: number; file: Buffer } | null> {
  const [row] = await db
    .select({ revision: documentRevisions.revision, path: documentRevisions.path })
    .from(documentRevisions)
    .where(
      and(
        eq(documentRevisions.type, type),
        eq(documentRevisions.recordId, id),
        revision === undefined ? sql`true` : eq(documentRevisions.revision, revision),
      ),
    )
    .orderBy(desc(documentRevisions.revision))
    .limit(1);
  if (!row) return null;
  const file = await readUpload(dataDir, row.path);
  return file ? { revision: row.revision, file } : null;
}

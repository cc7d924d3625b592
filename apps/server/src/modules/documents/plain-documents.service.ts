import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { recordRevision, type RecordedRevision } from './documents.service.ts';
import { documents } from './documents.table.ts';

export interface PlainDocumentInput {
  id?: number;
  companyId: number | null;
  title: string;
  body: string;
}

/** Creates or updates a plain document (type 'document'), then records a revision when what it shows changed. */
export async function saveDocument(
  db: DbOrTransaction,
  dataDir: string,
  input: PlainDocumentInput,
  actorId: number | null,
): Promise<{ id: number; revision: RecordedRevision | null }> {
  const values = { companyId: input.companyId, title: input.title, body: input.body, updatedAt: new Date() };
  const [row] =
    input.id === undefined
      ? await db
          .insert(documents)
          .values({ ...values, createdBy: actorId })
          .returning({ id: documents.id })
      : await db.update(documents).set(values).where(eq(documents.id, input.id)).returning({ id: documents.id });
  if (!row) throw new Error(`document ${input.id} does not exist`);
  return { id: row.id, revision: await recordRevision(db, dataDir, 'document', row.id, actorId) };
}

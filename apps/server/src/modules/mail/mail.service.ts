import type { OutboxListItem, OutboxMessage } from '@switchboard/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { notFound } from '../../plugins/errors.ts';
import { outbox } from './mail.table.ts';

const listColumns = {
  id: outbox.id,
  to: outbox.to,
  cc: outbox.cc,
  subject: outbox.subject,
  error: outbox.error,
  createdAt: outbox.createdAt,
};

/** GET /api/admin/outbox: newest first, without bodies. */
export async function listOutbox(db: Db, query: PageQuery): Promise<Page<OutboxListItem>> {
  return paginate(
    query,
    () => db.$count(outbox),
    async (limit, offset) => {
      const rows = await db
        .select(listColumns)
        .from(outbox)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }));
    },
  );
}

/** GET /api/admin/outbox/{id}: one whole message. */
export async function getOutboxMessage(db: Db, id: number): Promise<OutboxMessage> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound();
  const { createdAt, attachmentNames, ...rest } = row;
  return { ...rest, attachment_names: attachmentNames, created_at: createdAt.toISOString() };
}

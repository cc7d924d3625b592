import { sanitizeHtml, sanitizeStoredText } from '@switchboard/shared/html-policy';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { chatFiles, chatMessages } from '../modules/chat/chat.table.ts';
import { exchangeAnalyses } from '../modules/maintenance/maintenance.table.ts';
import { noteRevisions } from '../modules/notes/notes.table.ts';
import { refreshStrategies } from '../modules/strategies/strategies.table.ts';
import { tickets, ticketThreads } from '../modules/tickets/tickets.table.ts';
import { whiteboardArticles } from '../modules/whiteboard/whiteboard.table.ts';
import { crmLeadNotes } from '../modules/crm/crm.table.ts';
import { crmEmailTemplates, crmLeadEmails } from '../modules/crm/crm-documents.table.ts';
import { hrForms } from '../modules/hr/hr-forms.table.ts';
import type { Db } from './client.ts';
import { dataMigrations } from './data-migrations.table.ts';

// Every column that holds HTML the app shows, and how it is sanitised (decision 0060). Each store path sanitises
// with the same function (packages/shared/src/html-policy.ts); this list cleans what was stored before it did.

interface StoredHtml {
  table: PgTable;
  id: PgColumn;
  columns: PgColumn[];
  /** sanitizeHtml for columns that always hold HTML; sanitizeStoredText for editor HTML or plain text. */
  clean: (value: string) => string;
  /** Rows to leave alone. */
  skip?: SQL;
}

export const storedHtmlColumns: StoredHtml[] = [
  { table: tickets, id: tickets.id, columns: [tickets.notes, tickets.resolution], clean: sanitizeStoredText },
  { table: noteRevisions, id: noteRevisions.id, columns: [noteRevisions.notes], clean: sanitizeStoredText },
  { table: ticketThreads, id: ticketThreads.id, columns: [ticketThreads.htmlBody], clean: sanitizeHtml },
  { table: crmLeadNotes, id: crmLeadNotes.id, columns: [crmLeadNotes.body], clean: sanitizeHtml },
  { table: crmEmailTemplates, id: crmEmailTemplates.id, columns: [crmEmailTemplates.bodyHtml], clean: sanitizeHtml },
  { table: crmLeadEmails, id: crmLeadEmails.id, columns: [crmLeadEmails.bodyHtml], clean: sanitizeHtml },
  // A form's draft body (Tiptap); published versions are frozen evidence (a trigger refuses changes), cleaned when
  // their draft was saved.
  { table: hrForms, id: hrForms.id, columns: [hrForms.bodyHtml], clean: sanitizeHtml },
  {
    table: whiteboardArticles,
    id: whiteboardArticles.id,
    columns: [whiteboardArticles.articleText],
    clean: sanitizeHtml,
  },
  {
    table: chatMessages,
    id: chatMessages.id,
    columns: [chatMessages.message],
    clean: sanitizeStoredText,
    // Image and file messages are written by the server from the stored file (spec 3 §2 formats), not by a person.
    skip: sql`exists (select 1 from ${chatFiles} where ${chatFiles.messageId} = ${chatMessages.id})`,
  },
  {
    table: exchangeAnalyses,
    id: exchangeAnalyses.id,
    columns: [exchangeAnalyses.resolution, exchangeAnalyses.notes],
    clean: sanitizeStoredText,
  },
  {
    table: refreshStrategies,
    id: refreshStrategies.id,
    columns: [
      refreshStrategies.overview,
      refreshStrategies.hddPriority,
      refreshStrategies.printerPriority,
      refreshStrategies.modemPriority,
      refreshStrategies.routerPriority,
      refreshStrategies.apPriority,
      refreshStrategies.serverPriority,
      refreshStrategies.switchesPriority,
      refreshStrategies.upsPriority,
      refreshStrategies.workstationPriority,
    ],
    clean: sanitizeStoredText,
  },
];

/** The data migration's name in data_migrations. */
export const sanitizeStoredHtmlMigration = 'sanitize-stored-html';

const batchSize = 500;

/**
 * Sanitises every stored HTML value with the policy, in batches by id; only rows with a '<' can hold markup, and
 * only values that change are written. Idempotent. Answers how many values changed.
 */
export async function sanitizeStoredHtml(db: Db): Promise<number> {
  let changed = 0;
  for (const entry of storedHtmlColumns) {
    const values = entry.columns.map((column, index) => sql`${column} as ${sql.identifier(`c${index}`)}`);
    const hasMarkup = sql.join(
      entry.columns.map((column) => sql`strpos(${column}, '<') > 0`),
      sql` or `,
    );
    let after = 0;
    for (;;) {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select ${entry.id} as id, ${sql.join(values, sql`, `)} from ${entry.table}
        where ${entry.id} > ${after} and (${hasMarkup}) ${entry.skip ? sql`and not ${entry.skip}` : sql``}
        order by ${entry.id} limit ${batchSize}`);
      for (const row of rows) {
        const updates = entry.columns.flatMap((column, index) => {
          const value = row[`c${index}`];
          if (typeof value !== 'string') return [];
          const clean = entry.clean(value);
          return clean === value ? [] : [sql`${sql.identifier(column.name)} = ${clean}`];
        });
        if (updates.length === 0) continue;
        await db.execute(sql`update ${entry.table} set ${sql.join(updates, sql`, `)} where ${eq(entry.id, row.id)}`);
        changed += updates.length;
      }
      if (rows.length < batchSize) break;
      after = Number(rows[rows.length - 1]!.id);
    }
  }
  return changed;
}

/**
 * Once per database, at start (decision 0060): the stored HTML written before the server sanitised it is cleaned,
 * and the run is recorded in data_migrations. Runs under the bootstrap's lock, so one process does it.
 */
export async function runStoredHtmlMigration(db: Db, log: Logger): Promise<void> {
  const [done] = await db
    .select({ name: dataMigrations.name })
    .from(dataMigrations)
    .where(eq(dataMigrations.name, sanitizeStoredHtmlMigration));
  if (done) return;
  const changed = await sanitizeStoredHtml(db);
  await db.insert(dataMigrations).values({ name: sanitizeStoredHtmlMigration }).onConflictDoNothing();
  log.info({ changed }, 'data migration sanitize-stored-html done');
}

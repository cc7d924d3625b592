// Durable co-edits (decision 0059): every Yjs update a /collab editor sends is appended to collab_updates as it
// arrives, and acknowledged only once committed (collab.ts); a note loads as its stored state plus the updates logged after it; the debounced save
// compacts (writes the merged state and deletes the updates it covered, in one transaction). A process killed between
// an acknowledgement and the save loses nothing.
import type { Extension } from '@hocuspocus/server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as Y from 'yjs';
import type { Db, DbOrTransaction } from '../db/client.ts';
import { collabDocuments, collabUpdates } from '../modules/notes/notes.table.ts';

interface StoredParts {
  state: Uint8Array | null;
  updates: { seq: number; update: Uint8Array }[];
}

/** The state and the logged updates in one statement: one snapshot, so a compaction is seen whole or not at all. */
async function readStoredParts(db: DbOrTransaction, name: string): Promise<StoredParts> {
  const result = await db.execute<{ part: number; seq: string; data: Buffer }>(sql`
    select 0 as part, 0::bigint as seq, ${collabDocuments.state} as data
      from ${collabDocuments} where ${collabDocuments.name} = ${name}
    union all
    select 1, ${collabUpdates.seq}, ${collabUpdates.update}
      from ${collabUpdates} where ${collabUpdates.document} = ${name}
    order by part, seq`);
  const parts: StoredParts = { state: null, updates: [] };
  for (const row of result.rows) {
    if (Number(row.part) === 0) parts.state = new Uint8Array(row.data);
    else parts.updates.push({ seq: Number(row.seq), update: new Uint8Array(row.data) });
  }
  return parts;
}

/** Applies one stored piece; a piece Yjs cannot read is logged and skipped, never a reason to lose the rest. */
function applyStored(doc: Y.Doc, update: Uint8Array, log: FastifyBaseLogger, name: string, seq: number): void {
  try {
    Y.applyUpdate(doc, update);
  } catch (error) {
    log.error({ err: error, document: name, seq }, 'collab: a stored update could not be applied');
  }
}

/** Appends one editor's update; resolves once it is committed. */
export async function appendCollabUpdate(db: Db, name: string, update: Uint8Array): Promise<void> {
  await db.insert(collabUpdates).values({ document: name, update: Buffer.from(update) });
}

/**
 * Merges `state` (a process's whole document) with the stored state and every logged update, writes the result and
 * deletes exactly the updates it read. Compactions of one note (several processes) take turns on an advisory lock.
 */
export async function compactCollabDocument(
  db: Db,
  name: string,
  state: Uint8Array,
  log: FastifyBaseLogger,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`collab:${name}`}, 0))`);
    const stored = await readStoredParts(tx, name);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    if (stored.state) applyStored(doc, stored.state, log, name, 0);
    for (const { seq, update } of stored.updates) applyStored(doc, update, log, name, seq);
    const merged = Buffer.from(Y.encodeStateAsUpdate(doc));
    doc.destroy();
    await tx
      .insert(collabDocuments)
      .values({ name, state: merged })
      .onConflictDoUpdate({ target: collabDocuments.name, set: { state: merged, updatedAt: new Date() } });
    // Only the rows read: one committed meanwhile (a later seq, or an earlier seq committed late) stays for next time.
    const seqs = stored.updates.map((row) => row.seq);
    for (let start = 0; start < seqs.length; start += 5000)
      await tx
        .delete(collabUpdates)
        .where(and(eq(collabUpdates.document, name), inArray(collabUpdates.seq, seqs.slice(start, start + 5000))));
  });
}

/** An error Hocuspocus passes on without printing it (it prints only errors with a message). */
export function quietRefusal(reason: string): Error & { reason: string } {
  return Object.assign(new Error(''), { reason });
}

/**
 * The Hocuspocus extension that loads and compacts. Logging is the caller's (beforeHandleMessage, as the update
 * arrives); updates that arrive from other processes through Redis were logged by the process that got them.
 */
export function collabLogExtension(db: Db, log: FastifyBaseLogger): Extension {
  const compact = async (name: string, document: Y.Doc): Promise<void> => {
    try {
      await compactCollabDocument(db, name, Y.encodeStateAsUpdate(document), log);
    } catch (error) {
      // The logged updates stay: nothing is lost, the next save or load compacts them.
      log.error({ err: error, document: name }, 'collab: saving a note failed');
    }
  };
  return {
    extensionName: 'switchboard-collab-log',
    async onLoadDocument({ documentName, document }) {
      let stored: StoredParts;
      try {
        stored = await readStoredParts(db, documentName);
      } catch (error) {
        log.error({ err: error, document: documentName }, 'collab: loading a note failed');
        throw quietRefusal('Server error.');
      }
      if (stored.state) applyStored(document, stored.state, log, documentName, 0);
      for (const { seq, update } of stored.updates) applyStored(document, update, log, documentName, seq);
      // Left by a process that stopped before its save: fold them in now rather than replay them on every load.
      if (stored.updates.length > 0) void compact(documentName, document);
    },
    async onStoreDocument({ documentName, document }) {
      await compact(documentName, document);
    },
  };
}

import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { tickets } from '../tickets/tickets.table.ts';

// The notes that can be co-edited, by the kind in their identifier ('{kind}:{id}', decision 0040). A later kind
// (a site's tech notes, say) adds one entry: who may open it and where its stored text lives.

export interface NoteReader {
  id: number;
  type: 'Employee' | 'Client';
}

interface NoteKind {
  /** Whether the user may open the note; false also when its record does not exist. */
  mayOpen(db: DbOrTransaction, reader: NoteReader, id: number): Promise<boolean>;
  /** The text last saved, null when the record does not exist. */
  storedText(db: DbOrTransaction, id: number): Promise<string | null>;
}

const noteKinds: Record<string, NoteKind> = {
  // A ticket's private notes (project step tickets are tickets): staff only, never a client account.
  ticket: {
    async mayOpen(db, reader, id) {
      return reader.type === 'Employee' && (await this.storedText(db, id)) !== null;
    },
    async storedText(db, id) {
      const [row] = await db.select({ notes: tickets.notes }).from(tickets).where(eq(tickets.id, id));
      return row?.notes ?? null;
    },
  },
};

/** 'ticket:252' as its kind and id, null for any other shape. */
export function parseNoteName(name: string): { kind: NoteKind; id: number } | null {
  const match = /^([a-z_]+):([1-9]\d{0,9})$/.exec(name);
  const kind = match ? noteKinds[match[1]!] : undefined;
  const id = match ? Number(match[2]) : NaN;
  return kind && id <= 2_147_483_647 ? { kind, id } : null;
}

export const ticketNoteName = (ticketId: number) => `ticket:${ticketId}`;

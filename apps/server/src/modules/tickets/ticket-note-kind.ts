import { eq } from 'drizzle-orm';
import type { NoteKind } from '../notes/note-kinds.ts';
import { tickets } from './tickets.table.ts';

/** A ticket's private notes (project step tickets are tickets): staff only, never a client account. */
export const ticketNoteKind: NoteKind = {
  async mayOpen(db, reader, id) {
    return reader.type === 'Employee' && (await this.storedText(db, id)) !== null;
  },
  async storedText(db, id) {
    const [row] = await db.select({ notes: tickets.notes }).from(tickets).where(eq(tickets.id, id));
    return row?.notes ?? null;
  },
};

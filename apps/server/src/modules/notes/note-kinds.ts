import type { DbOrTransaction } from '../../db/client.ts';

// The notes that can be co-edited, by the kind in their identifier ('{kind}:{id}', decision 0040). Each kind is
// registered by the module that owns its record (the ticket's by routes.ts, from tickets/ticket-note-kind.ts): notes
// sit below them (ARCHITECTURE.md, module layers). A later kind (a site's tech notes, say) registers one more.

export interface NoteReader {
  id: number;
  type: 'Employee' | 'Client';
}

export interface NoteKind {
  /** Whether the user may open the note; false also when its record does not exist. */
  mayOpen(db: DbOrTransaction, reader: NoteReader, id: number): Promise<boolean>;
  /** The text last saved, null when the record does not exist. */
  storedText(db: DbOrTransaction, id: number): Promise<string | null>;
}

const noteKinds = new Map<string, NoteKind>();

/** Makes notes named '{name}:{id}' co-editable; `name` is lowercase letters and underscores. */
export function registerNoteKind(name: string, kind: NoteKind): void {
  noteKinds.set(name, kind);
}

/** 'ticket:252' as its kind and id, null for any other shape. */
export function parseNoteName(name: string): { kind: NoteKind; id: number } | null {
  const match = /^([a-z_]+):([1-9]\d{0,9})$/.exec(name);
  const kind = match ? noteKinds.get(match[1]!) : undefined;
  const id = match ? Number(match[2]) : NaN;
  return kind && id <= 2_147_483_647 ? { kind, id } : null;
}

export const ticketNoteName = (ticketId: number) => `ticket:${ticketId}`;

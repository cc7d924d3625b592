import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema } from '../../db/paginate.ts';
import { notFound } from '../../plugins/errors.ts';
import { parseNoteName } from './note-kinds.ts';
import { listNoteRevisions } from './notes.service.ts';

const revisionsPerPage = 20;

/** GET /api/notes/revisions/{note}: the note's saved texts, newest first (decision 0040; the spec names no call). */
export async function noteRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/notes/revisions/:note',
    {
      schema: {
        params: z.object({ note: z.string().max(60) }),
        querystring: pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(revisionsPerPage) }),
      },
    },
    async (request) => {
      const note = parseNoteName(request.params.note);
      // Who may not open the note does not learn it exists.
      if (!note || !(await note.kind.mayOpen(app.db, request.auth.user, note.id))) throw notFound();
      return listNoteRevisions(app.db, request.params.note, request.query);
    },
  );
}

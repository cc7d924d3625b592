import type { UserType } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { findTechAttachment } from '../companies/company-detail.service.ts';
import { findTicketAttachment } from '../tickets/ticket-work.service.ts';

interface Actor {
  id: number;
  type: UserType;
}

/**
 * Which record a stored file belongs to, when the actor may see it. Each kind of attachment is looked up by its
 * exact stored path; modules with attachments add their lookup here.
 */
export async function findDownload(
  db: DbOrTransaction,
  path: string,
  actor: Actor,
): Promise<{ fileName: string } | null> {
  const tech = await findTechAttachment(db, path);
  // Tech attachments are staff-only (technician notes often hold credentials): a client account gets the 404.
  if (tech) return actor.type === 'Employee' ? { fileName: tech.fileName } : null;
  return findTicketAttachment(db, path, actor);
}

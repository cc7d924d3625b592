import type { UserType } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { findTechAttachment } from '../companies/company-detail.service.ts';
import { findTicketAttachment } from '../tickets/ticket-work.service.ts';
import { findChatFile } from '../chat/chat.service.ts';
import { findWhiteboardImage } from '../whiteboard/whiteboard.service.ts';
import { findExportFile } from '../crm/crm-imports.export.ts';

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
  const image = await findWhiteboardImage(db, path, actor);
  if (image) return image;
  // Chat files: the members of the message's room only (decision 0054).
  const chat = await findChatFile(db, path, actor);
  if (chat) return chat;
  // CRM lead exports: their owner only, while the file is kept (announced by FileDownload).
  const leadExport = await findExportFile(db, path, actor);
  if (leadExport) return leadExport;
  return findTicketAttachment(db, path, actor);
}

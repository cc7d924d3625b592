import type { UserType } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { clientCompanyOf } from '../clients/clients.service.ts';
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
export async function findDownload(db: DbOrTransaction, path: string, actor: Actor): Promise<{ fileName: string } | null> {
  const tech = await findTechAttachment(db, path);
  if (tech) return (await mayAccessCompany(db, tech.companyId, actor)) ? { fileName: tech.fileName } : null;
  return findTicketAttachment(db, path, actor);
}

async function mayAccessCompany(db: DbOrTransaction, companyId: number, actor: Actor): Promise<boolean> {
  return actor.type === 'Employee' || (await clientCompanyOf(db, actor.id)) === companyId;
}

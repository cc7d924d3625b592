import { formatCents, numericFromUnits, multiplyCents } from '@switchboard/shared/billing/money';

import { asc, eq } from 'drizzle-orm';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { users } from '../users/users.table.ts';
import { mayViewLead } from './lead-access.ts';
import { crmProposalLines, crmProposals } from './crm-proposals.table.ts';
import { crmLeads } from './crm.table.ts';

/** What a proposal's PDF shows: money in cents, quantities as two-decimal text; never a float. */
export interface ProposalView {
  label: string;
  company: string;
  contact: string;
  agent: string;
  title: string;
  validUntil: string | null;
  lines: {
    kind: 'monthly' | 'one_time';
    description: string;
    quantity: string;
    unitPriceCents: number;
    amountCents: number;
  }[];
  monthlyCents: number;
  oneTimeCents: number;
}

const table = (
  page: Parameters<DocumentTypeModule<ProposalView>['render']>[0],
  rows: ProposalView['lines'],
  total: number,
  label: string,
) =>
  page.table(
    [
      { header: 'Description', width: 262 },
      { header: 'Qty', width: 50, align: 'right' },
      { header: 'Unit price', width: 100, align: 'right' },
      { header: 'Amount', width: 100, align: 'right' },
    ],
    [
      ...rows.map((line) => [
        line.description,
        line.quantity,
        formatCents(line.unitPriceCents),
        formatCents(line.amountCents),
      ]),
      [label, '', '', formatCents(total)],
    ],
    { boldLast: 1 },
  );

/** The CRM's proposal (designs/crm-softphone.md §4.7): staff with 'view crm' who see its lead; never clients. */
export const proposalDocument: DocumentTypeModule<ProposalView> = {
  type: 'proposal',
  clientVisible: false,
  staffPermission: 'view crm',
  readable: (db, auth, id) => proposalLeadVisible(db, auth, id),
  async load(db, id) {
    const [row] = await db
      .select({ proposal: crmProposals, lead: crmLeads, agent: users.name })
      .from(crmProposals)
      .innerJoin(crmLeads, eq(crmLeads.id, crmProposals.leadId))
      .leftJoin(users, eq(users.id, crmProposals.createdBy))
      .where(eq(crmProposals.id, id));
    if (!row) return null;
    const lines = await db
      .select()
      .from(crmProposalLines)
      .where(eq(crmProposalLines.proposalId, id))
      .orderBy(asc(crmProposalLines.sort), asc(crmProposalLines.id));
    const label = `P-${String(id).padStart(6, '0')}`;
    const contact = [row.lead.firstName, row.lead.lastName].filter(Boolean).join(' ');
    return {
      companyId: null,
      title: `Proposal ${label}`,
      fileName: `Proposal-${label}`,
      view: {
        label,
        company: row.lead.companyName,
        contact,
        agent: row.agent ?? '',
        title: row.proposal.title,
        validUntil: row.proposal.validUntil,
        lines: lines.map((line) => ({
          kind: line.kind,
          description: line.description,
          quantity: numericFromUnits(line.quantity, 2),
          unitPriceCents: line.unitPrice,
          amountCents: multiplyCents(line.unitPrice, numericFromUnits(line.quantity, 2)),
        })),
        monthlyCents: row.proposal.monthlyTotal,
        oneTimeCents: row.proposal.oneTimeTotal,
      },
    };
  },
  render(page, view) {
    page.fields([
      ['Proposal', view.label],
      ['Prepared for', view.company],
      ['Attention', view.contact],
      ['Prepared by', view.agent],
      ['Valid until', view.validUntil ?? ''],
    ]);
    page.heading(view.title);
    const monthly = view.lines.filter((line) => line.kind === 'monthly');
    const oneTime = view.lines.filter((line) => line.kind === 'one_time');
    if (monthly.length > 0) {
      page.heading('Monthly services');
      table(page, monthly, view.monthlyCents, 'Monthly total');
    }
    if (oneTime.length > 0) {
      page.heading('One-time charges');
      table(page, oneTime, view.oneTimeCents, 'One-time total');
    }
  },
};

/** The PDF follows the lead's visibility (lead-access.ts): a proposal of a lead the agent cannot see is 404. */
async function proposalLeadVisible(
  db: Parameters<typeof mayViewLead>[0],
  auth: Parameters<typeof mayViewLead>[1],
  id: number,
) {
  const [row] = await db.select({ leadId: crmProposals.leadId }).from(crmProposals).where(eq(crmProposals.id, id));
  return row !== undefined && (await mayViewLead(db, auth, row.leadId));
}

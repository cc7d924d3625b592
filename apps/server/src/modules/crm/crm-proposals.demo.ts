import { proposalTotals, type ProposalLineKind } from '@switchboard/shared/crm-proposals';
import { centsFromDollars } from '@switchboard/shared/billing/money';
import { asc, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { crmProposalLines, crmProposals } from './crm-proposals.table.ts';
import { crmLeads } from './crm.table.ts';

// Demo proposals (issue 30 part 6): a few in each status on the demo agents' leads, so /crm/proposals shows drafts,
// sent ones, answers and an expired one. Demo proposals carry no mailed link (no token exists to open one); their
// PDFs are the viewer's unstored preview until someone saves or sends them.

type DemoLine = { kind: ProposalLineKind; description: string; quantity: number; unit_price: number };

const seats = (count: number, price: number): DemoLine => ({
  kind: 'monthly',
  description: 'Managed workstation (monitoring, patching, help desk)',
  quantity: count,
  unit_price: price,
});
const servers = (count: number): DemoLine => ({
  kind: 'monthly',
  description: 'Managed server',
  quantity: count,
  unit_price: 175,
});
const backup = (gb: number): DemoLine => ({
  kind: 'monthly',
  description: 'Cloud backup per 100 GB',
  quantity: gb,
  unit_price: 12.5,
});
const onboarding = (price: number): DemoLine => ({
  kind: 'one_time',
  description: 'Onboarding',
  quantity: 1,
  unit_price: price,
});
const firewall: DemoLine = { kind: 'one_time', description: 'Firewall and install', quantity: 1, unit_price: 1249.99 };

const daysFromToday = (days: number) => sql<string>`current_date + ${days}::int`;

const plans: {
  status: 'draft' | 'sent' | 'accepted' | 'declined';
  title: string;
  validIn: number;
  lines: DemoLine[];
}[] = [
  { status: 'draft', title: 'Managed IT proposal', validIn: 30, lines: [seats(8, 95), onboarding(750)] },
  { status: 'draft', title: 'Backup and recovery', validIn: 21, lines: [backup(2.5), firewall] },
  { status: 'sent', title: 'Managed IT proposal', validIn: 14, lines: [seats(15, 89.5), servers(1), onboarding(1200)] },
  { status: 'sent', title: 'Security upgrade', validIn: 10, lines: [firewall, backup(1.25)] },
  {
    status: 'accepted',
    title: 'Managed IT proposal',
    validIn: 20,
    lines: [seats(22, 85), servers(2), onboarding(1500)],
  },
  { status: 'accepted', title: 'Help desk plan', validIn: 25, lines: [seats(5, 99)] },
  { status: 'declined', title: 'Managed IT proposal', validIn: 15, lines: [seats(12, 92), onboarding(900)] },
  // Sent, then valid until passed: listed as expired (computed on read).
  { status: 'sent', title: 'Network refresh', validIn: -3, lines: [firewall, seats(6, 95)] },
];

export async function seedCrmProposalsDemo(db: DbOrTransaction): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(crmProposals);
  if ((existing?.n ?? 0) > 0) return 0;
  const leads = await db
    .select({ id: crmLeads.id, managerId: crmLeads.managerId })
    .from(crmLeads)
    .where(isNotNull(crmLeads.managerId))
    .orderBy(asc(crmLeads.id))
    .limit(plans.length);
  let made = 0;
  for (const [index, lead] of leads.entries()) {
    const plan = plans[index]!;
    const totals = proposalTotals(plan.lines);
    const sent = plan.status !== 'draft';
    const answered = plan.status === 'accepted' || plan.status === 'declined';
    const [row] = await db
      .insert(crmProposals)
      .values({
        leadId: lead.id,
        title: plan.title,
        status: plan.status,
        validUntil: daysFromToday(plan.validIn),
        monthlyTotal: totals.monthlyCents,
        oneTimeTotal: totals.oneTimeCents,
        sentAt: sent ? sql`now() - interval '5 days'` : null,
        decidedAt: answered ? sql`now() - interval '2 days'` : null,
        decidedByName: answered ? 'Demo Client' : null,
        createdBy: lead.managerId,
      })
      .returning({ id: crmProposals.id });
    await db.insert(crmProposalLines).values(
      plan.lines.map((line, sort) => ({
        proposalId: row!.id,
        kind: line.kind,
        description: line.description,
        quantity: centsFromDollars(line.quantity)!,
        unitPrice: centsFromDollars(line.unit_price)!,
        sort: sort + 1,
      })),
    );
    made += 1;
  }
  return made;
}

import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { saveQuote, sendQuote, type QuoteInput } from '../quotes/quotes.service.ts';
import { productRequirements } from './product-requirements.table.ts';
import { projects } from './projects.table.ts';

// Demo product requirements and project quotes (issue 18 parts 7 and 14; decision 0047): the demo projects that need
// procurement and are past Schedule Pending Projects get two requirements; those past Project Quotes have both quoted
// and completed (numbered, with revision 00 of the PDF), the ones on Project Quotes a draft for the first and none
// for the second, so the Labor Quote Approval gate has something to say. Runs once: nothing is added when a
// requirement exists. After the documents demo, which adds its quotes only when none exist.

const products = [
  {
    option: 1,
    product: 'Firewall with three years of support',
    lines: [
      { description: 'FortiGate 60F firewall', quantity: '1', unitPrice: '649.0000' },
      { description: 'FortiCare 3-year support', quantity: '1', unitPrice: '289.0000' },
    ],
  },
  {
    option: 2,
    product: 'Managed 24-port PoE switch',
    lines: [
      { description: 'Aruba CX 6100 24G PoE switch', quantity: '2', unitPrice: '1149.0000' },
      { description: 'Rack mounting and patching (hours)', quantity: '3', unitPrice: '145.0000' },
    ],
  },
] satisfies { option: number; product: string; lines: QuoteInput['lines'] }[];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function seedDemoProjectQuotes(db: DbOrTransaction, dataDir: string): Promise<void> {
  const [existing] = await db.select({ id: productRequirements.id }).from(productRequirements).limit(1);
  if (existing) return;
  // current_step null: every step closed. Order 4 is Product Requirements, 5 Project Quotes.
  const rows = await db
    .select({ id: projects.id, companyId: projects.companyId, step: projects.currentStep, created: projects.createdAt })
    .from(projects)
    .where(and(eq(projects.procurementRequired, 0), or(isNull(projects.currentStep), gt(projects.currentStep, 4))))
    .orderBy(asc(projects.id));
  for (const project of rows) {
    const quoted = project.step === null || project.step > 5;
    for (const [index, requirement] of products.entries()) {
      let quoteId: number | null = null;
      if (quoted || index === 0) {
        const saved = await saveQuote(
          db,
          dataDir,
          {
            companyId: project.companyId,
            projectId: project.id,
            title: requirement.product,
            quoteDate: isoDay(project.created),
            validUntil: isoDay(new Date(project.created.getTime() + 30 * 86_400_000)),
            terms: 'Net 20',
            lines: requirement.lines,
          },
          null,
        );
        quoteId = saved.id;
        if (quoted) await sendQuote(db, dataDir, saved.id, null);
      }
      await db.insert(productRequirements).values({
        projectId: project.id,
        position: index + 1,
        option: requirement.option,
        product: requirement.product,
        quoteId,
      });
    }
  }
}

import { centsOf, decimalFromCents, DEFAULT_PAYMENT_TERMS, type DepositInvoiceInput } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { recordRevision } from '../documents/documents.service.ts';
import { projects } from '../projects/projects.table.ts';
import { invoiceLines, invoices } from './invoices.table.ts';

// A project's deposit invoice (issue 18 part 8; decision 0045): posted when made (numbered INV-, gapless under a lock,
// dated today, due after the terms), with revision 00 of its PDF. Amounts are numeric in SQL, cents in code.

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function createDepositInvoice(
  db: Db,
  dataDir: string,
  input: DepositInvoiceInput,
  actorId: number,
): Promise<{ id: number; projectId: number }> {
  const [project] = await db
    .select({ id: projects.id, title: projects.title, companyId: projects.companyId })
    .from(projects)
    .where(eq(projects.id, input.project_id));
  if (!project) throw notFound();
  const amount = decimalFromCents(centsOf(input.amount));
  const today = new Date();
  const due = new Date(today.getTime() + DEFAULT_PAYMENT_TERMS * 86_400_000);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice_number'))`);
    const [{ next }] = (
      await tx.execute<{ next: string }>(sql`select 'INV-' || lpad((coalesce(max(substring(number from 5)::int), 0)
        + 1)::text, 6, '0') as next from invoices where number like 'INV-%'`)
    ).rows as [{ next: string }];
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number: next,
        companyId: project.companyId,
        projectId: project.id,
        type: 'project_deposit',
        status: 'posted',
        invoiceDate: isoDay(today),
        dueDate: isoDay(due),
        paymentTerms: DEFAULT_PAYMENT_TERMS,
        subtotal: amount,
        total: amount,
        balance: amount,
        memo: input.memo,
        postedBy: actorId,
        postedAt: today,
        createdBy: actorId,
      })
      .returning({ id: invoices.id });
    await tx.insert(invoiceLines).values({
      invoiceId: invoice!.id,
      lineNo: 1,
      kind: 'deposit',
      description: `Deposit for project #${project.id}: ${project.title}`,
      quantity: '1',
      unitPrice: amount,
      amount,
    });
    return invoice!.id;
  });
  await recordRevision(db, dataDir, 'invoice', id, actorId);
  return { id, projectId: project.id };
}

import { APPROVAL_APPROVED, APPROVAL_LINK_TTL_DAYS } from '@switchboard/shared';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import { quotes } from '../quotes/quotes.table.ts';
import { users } from '../users/users.table.ts';
import { approvalLinks, projectApprovals } from './project-approvals.table.ts';
import { projects } from './projects.table.ts';

// Demo approvals (decision 0046): the point of contact approved the planning of every project past Planning Approval
// and the quotes of every project past Labor Quote Approval; projects still on Planning Approval wait on a request.
// The demo links were never mailed: their tokens are thrown away. Runs once (skipped when any approval exists).

const day = 86_400_000;

export async function seedDemoApprovals(tx: Transaction): Promise<void> {
  if ((await tx.$count(projectApprovals)) > 0) return;
  const rows = await tx
    .select({
      id: projects.id,
      currentStep: projects.currentStep,
      contactId: users.id,
      email: users.email,
      coordinatorId: projects.coordinatorId,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientUserId))
    .where(isNotNull(projects.clientUserId))
    .orderBy(asc(projects.id));
  const quoteRows =
    rows.length === 0
      ? []
      : await tx
          .select({ id: quotes.id, projectId: quotes.projectId })
          .from(quotes)
          .where(
            inArray(
              quotes.projectId,
              rows.map((row) => row.id),
            ),
          );
  for (const row of rows) {
    // current_step null: every step is closed.
    const reached = row.currentStep ?? 12;
    const sentAt = new Date(row.createdAt.getTime() + day);
    const request = async (kind: 'planning' | 'labor', quoteIds: (number | null)[], answered: boolean) => {
      const [link] = await tx
        .insert(approvalLinks)
        .values({
          projectId: row.id,
          kind,
          tokenHash: hashToken(generateToken()),
          message: 'Please review and approve.',
          expiresAt: new Date(sentAt.getTime() + APPROVAL_LINK_TTL_DAYS * day),
          usedAt: answered ? new Date(sentAt.getTime() + day) : null,
          createdAt: sentAt,
        })
        .returning({ id: approvalLinks.id });
      await tx.insert(projectApprovals).values(
        quoteIds.map((quoteId) => ({
          projectId: row.id,
          kind,
          linkId: link!.id,
          projectOverview: kind === 'planning',
          quoteId,
          status: answered ? APPROVAL_APPROVED : null,
          userId: row.contactId,
          emailAddress: row.email,
          addedBy: row.coordinatorId,
          comment: answered ? 'Approved, thank you.' : null,
          respondedAt: answered ? new Date(sentAt.getTime() + day) : null,
          createdAt: sentAt,
        })),
      );
    };
    await request('planning', [null], reached > 0);
    const projectQuotes = quoteRows.filter((quote) => quote.projectId === row.id).map((quote) => quote.id);
    if (reached > 6 && projectQuotes.length > 0) await request('labor', projectQuotes, true);
  }
}

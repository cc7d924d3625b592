import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatUsd,
  mayWriteProjectQuotes,
  projectSaveFailedMessage,
  quotesBlockClosing,
  type ProjectDetail,
  type ProjectQuoteSummary,
} from '@switchboard/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentUser, usePermissions } from '../../../../lib/auth-store.ts';
import { projectQuoteCalls } from '../../api/project-quotes.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepCardRules, StepPanelProps } from './panel-types.ts';
import { quoteLabelOf } from './product-requirements-panel.tsx';
import { QuoteEditor, type QuoteEditorTarget } from './quote-editor.tsx';

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** Spec 3 §4, §8: Labor Quote Approval (order 6) closes only when all quotes are completed (decision 0047). */
export function laborQuoteApprovalCardRules(project: ProjectDetail): StepCardRules {
  return { closeBlockedBy: quotesBlockClosing(project) };
}

interface QuoteRow {
  key: string;
  /** What the quote prices: 'Option 2: Firewall', or nothing for a requirement removed since. */
  requirement: string;
  requirementId: number | null;
  product: string;
  quote: ProjectQuoteSummary | null;
}

function rowsOf(project: ProjectDetail): QuoteRow[] {
  const rows: QuoteRow[] = project.product_requirements.map((requirement) => ({
    key: `requirement-${requirement.id}`,
    requirement: `Option ${requirement.option}: ${requirement.product}`,
    requirementId: requirement.id,
    product: requirement.product,
    quote: requirement.quote,
  }));
  // Quotes of requirements removed since stay the project's (and still count for the gate): listed on their own.
  for (const quote of project.quotes.filter((entry) => entry.requirement_id === null)) {
    rows.push({ key: `quote-${quote.id}`, requirement: 'No requirement', requirementId: null, product: '', quote });
  }
  return rows;
}

/**
 * Spec 3 §2 Project Quotes: a quote per product requirement with its PDF link (the app's PDF viewer), its status and
 * total. The project's coordinator, its quoter and staff with 'view billing' create and edit a quote (its first
 * line starts from the requirement) and mark it done, which issues it (decisions 0047, 0073).
 */
export function ProjectQuotesPanel({ project, staff }: StepPanelProps) {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const mayQuote = user !== null && mayWriteProjectQuotes(project, user, permissions);
  const [editing, setEditing] = useState<QuoteEditorTarget | null>(null);
  const complete = useProjectAction(project.id, projectQuoteCalls.completeQuote());
  if (!staff) return null;
  const rows = rowsOf(project);
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No product requirements to quote yet.
      </Text>
    );

  const markDone = (quoteId: number) =>
    complete.mutate(quoteId, {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: () => notifications.show({ color: 'red', message: projectSaveFailedMessage }),
    });

  return (
    <>
      <Table aria-label="Project quotes" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Requirement</Table.Th>
            <Table.Th>Quote</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {mayQuote ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.requirement}</Table.Td>
              <Table.Td>
                {row.quote ? (
                  <Anchor component={Link} to={`/pdf/quote/${row.quote.id}`} size="sm">
                    {quoteLabelOf(row.quote)}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    No quote
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {row.quote ? (
                  <Badge variant="light" color={row.quote.completed ? 'green' : 'gray'}>
                    {statusLabel(row.quote.status)}
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{row.quote ? usd(row.quote.total) : ''}</Table.Td>
              {mayQuote ? (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {row.quote ? (
                      <>
                        <Button
                          size="compact-xs"
                          variant="default"
                          onClick={() =>
                            setEditing({ requirementId: null, quoteId: row.quote!.id, product: row.product })
                          }
                        >
                          Edit Quote
                        </Button>
                        {row.quote.completed ? null : (
                          <Button
                            size="compact-xs"
                            loading={complete.isPending}
                            onClick={() => markDone(row.quote!.id)}
                          >
                            Mark Done
                          </Button>
                        )}
                      </>
                    ) : (
                      <Button
                        size="compact-xs"
                        onClick={() =>
                          setEditing({ requirementId: row.requirementId, quoteId: null, product: row.product })
                        }
                      >
                        Create Quote
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editing ? <QuoteEditor projectId={project.id} target={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

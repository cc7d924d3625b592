import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import { proposalStatusLabels, type ProposalStatus } from '@switchboard/shared/crm-proposals';
import { Link } from 'react-router';
import { useLeadProposals } from '../api/lead-proposals.ts';

// The lead drawer's proposals (designs/crm-softphone.md §4.2, §4.7). The proposals page is a feature above crm, so
// the drawer reaches it by URL only: New proposal opens it with the lead chosen, each row opens its editor.

const statusColors: Record<ProposalStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
};
const usd = (amount: number) => formatCents(centsFromDollars(amount) ?? 0);

/** 'New proposal' among the drawer's actions. */
export function LeadProposalButton({ leadId }: { leadId: number }) {
  return (
    <Button variant="default" component={Link} to={`/crm/proposals?new=1&lead=${leadId}`}>
      New proposal
    </Button>
  );
}

/** The lead's proposals, newest first, each with its status and totals. */
export function LeadProposals({ leadId }: { leadId: number }) {
  const proposals = useLeadProposals(leadId);
  const rows = proposals.data ?? [];
  return (
    <Stack gap={4} component="section" aria-label="Proposals">
      <Text fw={600}>Proposals</Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {proposals.isPending
            ? 'Loading proposals…'
            : proposals.isError
              ? 'The proposals could not be loaded.'
              : 'No proposals.'}
        </Text>
      ) : (
        rows.map((row) => (
          <Group key={row.id} gap="xs" wrap="nowrap">
            <Badge color={statusColors[row.status]} variant="light">
              {proposalStatusLabels[row.status]}
            </Badge>
            <Anchor component={Link} to={`/crm/proposals?proposal=${row.id}`} size="sm">
              {row.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {usd(row.monthly_total)}/mo · {usd(row.one_time_total)} one-time
            </Text>
          </Group>
        ))
      )}
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import {
  proposalAnswerInputSchema,
  proposalLineKindLabels,
  type PublicProposal,
} from '@switchboard/shared/crm-proposals';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api, isApiError } from '../../lib/api-client.ts';

// The page a mailed proposal link opens (no sign-in, outside the shell; as the approvals' /approve/{token}): only the
// proposal being answered, its PDF, and one answer, Accept or Decline, signed with the typed name.

const linkPath = (token: string) => `/api/public/proposals/${encodeURIComponent(token)}`;
const explain = (error: unknown) =>
  isApiError(error) && error.hasServerMessage ? error.message : 'The proposal could not be loaded. Please try again.';
const usd = (amount: number) => formatCents(centsFromDollars(amount) ?? 0);

export function PublicProposalPage() {
  const token = useParams().token ?? '';
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const proposal = useQuery({
    queryKey: ['public-proposal', token] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: PublicProposal }>(linkPath(token), { signal, auth: false })).data,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const answer = useMutation({
    mutationFn: (decision: 'accept' | 'decline') =>
      api.post<{ message: string }>(linkPath(token), { decision, name }, { auth: false }),
  });

  const decide = (decision: 'accept' | 'decline') => {
    const checked = proposalAnswerInputSchema.safeParse({ decision, name });
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? null);
      return;
    }
    setNameError(null);
    answer.mutate(decision);
  };

  let body;
  if (proposal.isPending) body = <Loader aria-label="Loading" />;
  else if (answer.isSuccess)
    body = (
      <Alert color="green" role="status" title="Answer recorded">
        {answer.data.message}
      </Alert>
    );
  else if (proposal.isError)
    body = (
      <Alert color="orange" role="alert">
        {explain(proposal.error)}
      </Alert>
    );
  else {
    const data = proposal.data;
    body = (
      <Stack gap="md">
        <Title order={2}>{data.title}</Title>
        <Text>
          Prepared for {data.company_name}
          {data.agent_name ? ` by ${data.agent_name}` : ''}
          {data.valid_until ? `, valid until ${data.valid_until}` : ''}.
        </Text>
        <Card withBorder>
          <Table aria-label="Proposal lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td>{proposalLineKindLabels[line.kind]}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{usd(line.unit_price)}</Table.Td>
                  <Table.Td ta="right">{usd(line.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" gap="xl" mt="sm">
            <Text fw={600}>Monthly: {usd(data.monthly_total)}</Text>
            <Text fw={600}>One-time: {usd(data.one_time_total)}</Text>
          </Group>
        </Card>
        {data.has_pdf ? (
          <Anchor href={`${linkPath(token)}/pdf`} target="_blank" rel="noopener noreferrer">
            Proposal (PDF)
          </Anchor>
        ) : null}
        <TextInput
          label="Your name"
          description="Typing your name signs your answer."
          maxLength={120}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
        />
        {answer.isError ? (
          <Alert color="red" role="alert">
            {explain(answer.error)}
          </Alert>
        ) : null}
        <Group>
          <Button
            color="green"
            onClick={() => decide('accept')}
            loading={answer.isPending && answer.variables === 'accept'}
            disabled={answer.isPending}
          >
            Accept
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => decide('decline')}
            loading={answer.isPending && answer.variables === 'decline'}
            disabled={answer.isPending}
          >
            Decline
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          This link works once and expires on {data.expires_at.slice(0, 10)}.
        </Text>
      </Stack>
    );
  }
  return (
    <Center mih="100vh" p="md">
      <Card withBorder shadow="sm" maw={760} w="100%" p="lg">
        {body}
      </Card>
    </Center>
  );
}

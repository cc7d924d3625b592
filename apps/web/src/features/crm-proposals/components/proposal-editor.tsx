import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import { LEAD_STATUS } from '@switchboard/shared/crm';
import {
  proposalInputSchema,
  proposalLineCents,
  proposalLineKindLabels,
  proposalSendInputSchema,
  proposalStatusLabels,
  proposalTotals,
  type ProposalDetail,
  type ProposalInput,
  type ProposalLineKind,
} from '@switchboard/shared/crm-proposals';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useLead, useLeadList, useSaveLead } from '../../crm/api/leads.ts';
import { useDeleteProposal, useProposal, useSaveProposal, useSendProposal } from '../api/proposals.ts';
import { dayOf, proposalStatusColors } from '../format.ts';

// The proposal editor (designs/crm-softphone.md §4.7): lead, title, valid until, monthly and one-time lines with their
// totals in USD (integer cents through the shared money helpers, the same rule as the server's), Save, Send (a mailed
// acceptance link), the PDF in the documents' viewer, and once accepted the offer to set the lead to Current Client.
// A draft or sent proposal can change (a sent one's PDF gets a new revision); an answered or expired one is read-only.

interface LineDraft {
  key: number;
  kind: ProposalLineKind;
  description: string;
  quantity: string;
  unit_price: string;
}

interface Draft {
  leadId: string | null;
  title: string;
  validUntil: string;
  lines: LineDraft[];
}

let nextKey = 1;
const blankLine = (kind: ProposalLineKind): LineDraft => ({
  key: nextKey++,
  kind,
  description: '',
  quantity: '1',
  unit_price: '',
});

const numberOrText = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

function draftFrom(detail: ProposalDetail | undefined, presetLeadId: number | null): Draft {
  if (!detail)
    return {
      leadId: presetLeadId ? String(presetLeadId) : null,
      title: '',
      validUntil: '',
      lines: [blankLine('monthly'), blankLine('one_time')],
    };
  return {
    leadId: String(detail.lead.id),
    title: detail.title,
    validUntil: detail.valid_until ?? '',
    lines: detail.lines.map((line) => ({
      key: nextKey++,
      kind: line.kind,
      description: line.description,
      quantity: String(line.quantity),
      unit_price: line.unit_price.toFixed(2),
    })),
  };
}

function toInput(draft: Draft): ProposalInput {
  return {
    lead_id: draft.leadId === null ? (undefined as unknown as number) : Number(draft.leadId),
    title: draft.title,
    valid_until: draft.validUntil === '' ? null : draft.validUntil,
    lines: draft.lines.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: numberOrText(line.quantity) as number,
      unit_price: numberOrText(line.unit_price) as number,
    })),
  };
}

/** Line amounts and totals as the server computes them; a line not yet valid counts 0. */
function liveTotals(draft: Draft) {
  const lines = draft.lines.map((line) => ({
    kind: line.kind,
    quantity: Number(line.quantity),
    unit_price: Number(line.unit_price),
  }));
  const valid = lines.map((line) =>
    centsFromDollars(line.quantity) !== null && centsFromDollars(line.unit_price) !== null && line.quantity > 0
      ? line
      : { ...line, quantity: 0, unit_price: 0 },
  );
  return { amounts: valid.map((line) => proposalLineCents(line)), ...proposalTotals(valid) };
}

function LeadPicker(props: { value: string | null; onChange: (value: string | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const leads = useLeadList({ status: 2, per_page: 20, ...(search.trim() ? { q: search.trim() } : {}) });
  const chosen = useLead(props.value ? Number(props.value) : null);
  const options = new Map<string, string>();
  if (chosen.data) options.set(String(chosen.data.id), chosen.data.company_name);
  for (const lead of leads.data?.data ?? []) options.set(String(lead.id), lead.company_name);
  return (
    <Select
      label="Lead"
      placeholder="Search leads"
      searchable
      required
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={props.value}
      onChange={props.onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="No leads"
      error={props.error}
    />
  );
}

function LinesTable(props: {
  kind: ProposalLineKind;
  draft: Draft;
  amounts: number[];
  total: number;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (lines: LineDraft[]) => void;
}) {
  const { draft, kind } = props;
  const label = proposalLineKindLabels[kind];
  const indexed = draft.lines.map((line, index) => ({ line, index })).filter((entry) => entry.line.kind === kind);
  const set = (key: number, changes: Partial<LineDraft>) =>
    props.onChange(draft.lines.map((line) => (line.key === key ? { ...line, ...changes } : line)));
  const fieldError = (index: number, field: string) => props.errors[`lines.${index}.${field}`];
  return (
    <Stack gap={4}>
      <Text fw={600}>{kind === 'monthly' ? 'Monthly lines' : 'One-time lines'}</Text>
      <Table withTableBorder verticalSpacing={4} aria-label={`${label} lines`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th w={90}>Qty</Table.Th>
            <Table.Th w={120}>Unit price</Table.Th>
            <Table.Th w={110} ta="right">
              Amount
            </Table.Th>
            {props.readOnly ? null : <Table.Th w={40} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {indexed.map(({ line, index }) => (
            <Table.Tr key={line.key}>
              <Table.Td>
                <TextInput
                  size="xs"
                  aria-label={`${label} description ${index + 1}`}
                  value={line.description}
                  readOnly={props.readOnly}
                  onChange={(event) => set(line.key, { description: event.currentTarget.value })}
                  error={fieldError(index, 'description')}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  inputMode="decimal"
                  aria-label={`${label} quantity ${index + 1}`}
                  value={line.quantity}
                  readOnly={props.readOnly}
                  onChange={(event) => set(line.key, { quantity: event.currentTarget.value })}
                  error={fieldError(index, 'quantity')}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  size="xs"
                  inputMode="decimal"
                  aria-label={`${label} unit price ${index + 1}`}
                  value={line.unit_price}
                  readOnly={props.readOnly}
                  onChange={(event) => set(line.key, { unit_price: event.currentTarget.value })}
                  error={fieldError(index, 'unit_price')}
                />
              </Table.Td>
              <Table.Td ta="right">{formatCents(props.amounts[index] ?? 0)}</Table.Td>
              {props.readOnly ? null : (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${label.toLowerCase()} line ${index + 1}`}
                    onClick={() => props.onChange(draft.lines.filter((entry) => entry.key !== line.key))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text fw={600} size="sm">
                {kind === 'monthly' ? 'Monthly total' : 'One-time total'}
              </Text>
            </Table.Td>
            <Table.Td ta="right" data-testid={`${kind}-total`}>
              <Text fw={600} size="sm">
                {formatCents(props.total)}
              </Text>
            </Table.Td>
            {props.readOnly ? null : <Table.Td />}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {props.readOnly ? null : (
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => props.onChange([...draft.lines, blankLine(kind)])}>
            {kind === 'monthly' ? 'Add monthly line' : 'Add one-time line'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SendForm(props: { detail: ProposalDetail; onDone: () => void }) {
  const send = useSendProposal(props.detail.id);
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = () => {
    const checked = proposalSendInputSchema.safeParse({ to, message });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    send.mutate(
      { to, message },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          props.onDone();
        },
        onError: (error) => setErrors(getFormErrors(error).fields),
      },
    );
  };
  const problem = send.isError ? getFormErrors(send.error) : null;
  return (
    <Stack gap="xs" p="sm" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}>
      <Text fw={600}>Send the acceptance link</Text>
      <TextInput
        label="To"
        description="Empty sends it to the lead's e-mail."
        value={to}
        onChange={(event) => setTo(event.currentTarget.value)}
        error={errors.to}
      />
      <Textarea
        label="Message"
        autosize
        minRows={2}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={errors.message}
      />
      {problem && Object.keys(problem.fields).length > 0 && !errors.to ? (
        <Alert color="red" role="alert">
          {Object.values(problem.fields)[0]}
        </Alert>
      ) : null}
      {problem && Object.keys(problem.fields).length === 0 ? (
        <Alert color="red" role="alert">
          {problem.message}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={send.isPending}>
          Send proposal
        </Button>
        <Button variant="default" onClick={props.onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function AcceptedPanel({ detail }: { detail: ProposalDetail }) {
  const saveLead = useSaveLead(detail.lead.id);
  const [done, setDone] = useState(detail.lead.status === LEAD_STATUS.currentClient);
  const answered = detail.decided_by_name ? ` by ${detail.decided_by_name}` : '';
  const when = detail.decided_at ? ` on ${dayOf(detail.decided_at)}` : '';
  if (detail.status !== 'accepted' && detail.status !== 'declined') return null;
  return (
    <Alert
      color={detail.status === 'accepted' ? 'green' : 'red'}
      title={detail.status === 'accepted' ? 'Accepted' : 'Declined'}
    >
      <Stack gap="xs">
        <Text size="sm">
          {detail.status === 'accepted' ? 'Accepted' : 'Declined'}
          {answered}
          {when}.
        </Text>
        {detail.status === 'accepted' ? (
          done ? (
            <Text size="sm">The lead is a Current Client.</Text>
          ) : (
            <Group>
              <Button
                size="compact-sm"
                color="green"
                loading={saveLead.isPending}
                onClick={() =>
                  saveLead.mutate(
                    { status: LEAD_STATUS.currentClient },
                    {
                      onSuccess: () => setDone(true),
                      onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
                    },
                  )
                }
              >
                Set lead to Current Client
              </Button>
            </Group>
          )
        ) : null}
      </Stack>
    </Alert>
  );
}

function EditorBody(props: {
  detail: ProposalDetail | undefined;
  presetLeadId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { detail } = props;
  const [draft, setDraft] = useState<Draft>(() => draftFrom(detail, props.presetLeadId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const save = useSaveProposal(detail?.id ?? null);
  const remove = useDeleteProposal(detail?.id ?? 0);
  const readOnly = detail !== undefined && detail.status !== 'draft' && detail.status !== 'sent';
  const totals = liveTotals(draft);

  const submit = () => {
    const input = toInput(draft);
    const checked = proposalInputSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setBanner('There were some problems with your input.');
      return;
    }
    setErrors({});
    setBanner(null);
    save.mutate(input, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        if ('data' in answer && detail === undefined) props.onCreated(answer.data.id);
      },
      onError: (error) => {
        const problem = getFormErrors(error);
        setErrors(problem.fields);
        setBanner(problem.message);
      },
    });
  };

  return (
    <Stack gap="sm">
      {detail ? (
        <Group gap="xs">
          <Badge color={proposalStatusColors[detail.status]} variant="light" data-testid="proposal-status">
            {proposalStatusLabels[detail.status]}
          </Badge>
          {detail.sent_at ? (
            <Text size="sm" c="dimmed">
              Sent {dayOf(detail.sent_at)}
              {detail.sent_to ? ` to ${detail.sent_to}` : ''}
            </Text>
          ) : null}
        </Group>
      ) : null}
      {detail ? <AcceptedPanel detail={detail} /> : null}
      {banner ? (
        <Alert color="red" role="alert">
          {banner}
        </Alert>
      ) : null}
      {detail ? (
        <TextInput label="Lead" value={detail.lead.company_name} readOnly />
      ) : (
        <LeadPicker value={draft.leadId} onChange={(leadId) => setDraft({ ...draft, leadId })} error={errors.lead_id} />
      )}
      <TextInput
        label="Title"
        required
        value={draft.title}
        readOnly={readOnly}
        onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
        error={errors.title}
      />
      <TextInput
        label="Valid until"
        type="date"
        value={draft.validUntil}
        readOnly={readOnly}
        onChange={(event) => setDraft({ ...draft, validUntil: event.currentTarget.value })}
        error={errors.valid_until}
      />
      {(['monthly', 'one_time'] as const).map((kind) => (
        <LinesTable
          key={kind}
          kind={kind}
          draft={draft}
          amounts={totals.amounts}
          total={kind === 'monthly' ? totals.monthlyCents : totals.oneTimeCents}
          readOnly={readOnly}
          errors={errors}
          onChange={(lines) => setDraft({ ...draft, lines })}
        />
      ))}
      {errors.lines ? (
        <Text c="red" size="sm">
          {errors.lines}
        </Text>
      ) : null}
      {sending && detail ? <SendForm detail={detail} onDone={() => setSending(false)} /> : null}
      <Group>
        {readOnly ? null : (
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        )}
        {detail && !readOnly && !sending ? (
          <Button variant="light" onClick={() => setSending(true)}>
            {detail.status === 'sent' ? 'Send again' : 'Send'}
          </Button>
        ) : null}
        {detail ? (
          <Anchor component={Link} to={`/pdf/proposal/${detail.id}`}>
            View PDF
          </Anchor>
        ) : null}
        {detail?.status === 'draft' ? (
          <Button
            color="red"
            variant="subtle"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: (answer) => {
                  notifications.show({ color: 'green', message: answer.message });
                  props.onClose();
                },
                onError: (error) => setBanner(getFormErrors(error).message),
              })
            }
          >
            Delete
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

export function ProposalEditor(props: {
  id: number | null;
  presetLeadId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const proposal = useProposal(props.id);
  let body;
  if (props.id !== null && proposal.isPending) body = <Loader aria-label="Loading" />;
  else if (props.id !== null && proposal.isError)
    body = (
      <Alert color="orange" role="alert">
        {getFormErrors(proposal.error).message}
      </Alert>
    );
  else
    body = (
      <EditorBody
        key={proposal.data ? `${proposal.data.id}-${proposal.data.updated_at}` : 'new'}
        detail={proposal.data}
        presetLeadId={props.presetLeadId}
        onClose={props.onClose}
        onCreated={props.onCreated}
      />
    );
  return (
    <Drawer
      opened
      onClose={props.onClose}
      position="right"
      size="xl"
      title={props.id === null ? 'New proposal' : (proposal.data?.title ?? 'Proposal')}
    >
      {body}
    </Drawer>
  );
}

import { Badge, Button, Group, MultiSelect, Stack, Table, TagsInput, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  approvalStatusLabel,
  defaultApprovalMessage,
  laborApprovalInputSchema,
  planningApprovalInputSchema,
  projectSaveFailedMessage,
  type Approval,
  type ApprovalKind,
} from '@switchboard/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../../../lib/api-client.ts';
import { useCompanyAccountOptions } from '../../../../lib/company-options.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';

// Planning Approval (order 0) and Labor Quote Approval (order 6), spec 3 §2, §3 Approval, §4; decision 0046.

const statusColors: Record<string, string> = {
  Pending: 'gray',
  Approved: 'green',
  Denied: 'red',
  'Verbally Approved': 'teal',
};

const stepNames: Record<ApprovalKind, string> = {
  planning: 'Planning Approval',
  labor: 'Labor Quote Approval',
};

/** The approvals sent for this step: status, who, the document, added_by's short name and when. */
export function ApprovalList({
  approvals,
  verballyApproved,
  kind,
}: {
  approvals: Approval[];
  verballyApproved: number;
  kind: ApprovalKind;
}) {
  if (approvals.length === 0) {
    // Spec 3 §2: a project approved verbally shows it on Planning Approval, also before any request is sent.
    return kind === 'planning' && verballyApproved === 1 ? (
      <Group gap="xs">
        <Badge color={statusColors['Verbally Approved']} variant="light">
          Verbally Approved
        </Badge>
        <Text size="sm" c="dimmed">
          No approval requests sent yet.
        </Text>
      </Group>
    ) : (
      <Text size="sm" c="dimmed">
        No approval requests sent yet.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder fz="sm" aria-label="Approvals">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Status</Table.Th>
          <Table.Th>Recipient</Table.Th>
          <Table.Th>Document</Table.Th>
          <Table.Th>Added by</Table.Th>
          <Table.Th>Sent</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {approvals.map((approval) => {
          const label = approvalStatusLabel(approval, verballyApproved);
          return (
            <Table.Tr key={approval.id} data-testid={`approval-${approval.id}`}>
              <Table.Td>
                <Badge color={statusColors[label]} variant="light">
                  {label}
                </Badge>
                {approval.comment ? (
                  <Text size="xs" c="dimmed">
                    {approval.comment}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{approval.user?.name ?? approval.email_address}</Table.Td>
              <Table.Td>
                {approval.quote
                  ? `Quote ${approval.quote.number ?? `#${approval.quote.id}`}: ${approval.quote.title}`
                  : 'Project overview'}
              </Table.Td>
              <Table.Td>{approval.added_by?.shortname ?? ''}</Table.Td>
              <Table.Td>{dayjs(approval.created_at).format('MM/DD/YYYY hh:mm A')}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

interface SendValues {
  accounts: string[];
  addresses: string[];
  message: string;
  documents: string[];
}

/** The send form: the company's client accounts, typed addresses, the pre-filled message, and for labor the quotes. */
function ApprovalSendForm({ project, step, kind, onDone }: StepPanelProps & { kind: ApprovalKind; onDone(): void }) {
  const accounts = useCompanyAccountOptions(project.company_id);
  const [values, setValues] = useState<SendValues>({
    accounts: [],
    addresses: [],
    message: defaultApprovalMessage(kind, project.title),
    documents: (project.quotes ?? []).map((quote) => String(quote.id)),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useProjectAction(project.id, (body: Record<string, unknown>) =>
    api.post<{ message: string }>('/api/project/project_step', body),
  );

  const submit = () => {
    const body = {
      step: stepNames[kind],
      to: [...values.accounts.map(Number), ...values.addresses],
      message: values.message,
      project_id: project.id,
      ticket_id: step.id,
      ...(kind === 'labor' ? { documents: values.documents.map(Number) } : {}),
    };
    // The same contract as the server's, so the form says what is wrong before sending.
    const checked = (kind === 'labor' ? laborApprovalInputSchema : planningApprovalInputSchema).safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message])));
      return;
    }
    send.mutate(body, {
      onSuccess: (answer) => {
        setErrors({});
        notifications.show({ color: 'green', message: answer.message });
        onDone();
      },
      onError: (error) => {
        const fields = getFormErrors(error).fields;
        setErrors(Object.fromEntries(Object.entries(fields).map(([field, text]) => [field.split('.')[0]!, text])));
        if (Object.keys(fields).length === 0) notifications.show({ color: 'red', message: projectSaveFailedMessage });
      },
    });
  };

  return (
    <Stack gap="xs">
      <MultiSelect
        label="Client accounts"
        placeholder="Choose accounts"
        searchable
        data={(accounts.data ?? []).map((account) => ({ value: String(account.id), label: account.name }))}
        value={values.accounts}
        onChange={(accountIds) => setValues((current) => ({ ...current, accounts: accountIds }))}
        error={errors.to}
      />
      <TagsInput
        label="Other e-mail addresses"
        placeholder="Type an address and press Enter"
        value={values.addresses}
        onChange={(addresses) => setValues((current) => ({ ...current, addresses }))}
        splitChars={[',', ' ', ';']}
      />
      {kind === 'labor' ? (
        <MultiSelect
          label="Documents"
          placeholder="Choose the quotes"
          data={(project.quotes ?? []).map((quote) => ({
            value: String(quote.id),
            label: `Quote ${quote.number ?? `#${quote.id}`}: ${quote.title}`,
          }))}
          value={values.documents}
          onChange={(documents) => setValues((current) => ({ ...current, documents }))}
          error={errors.documents}
        />
      ) : null}
      <Textarea
        label="Message"
        autosize
        minRows={3}
        value={values.message}
        onChange={(event) => {
          const message = event.currentTarget.value;
          setValues((current) => ({ ...current, message }));
        }}
        error={errors.message}
      />
      {errors.project_id ? (
        <Text size="sm" c="red">
          {errors.project_id}
        </Text>
      ) : null}
      <Group>
        <Button onClick={submit} loading={send.isPending}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}

/** One step's approvals and, for staff, the Request approval form. */
export function ApprovalsPanel(props: StepPanelProps & { kind: ApprovalKind }) {
  const { project, kind, staff } = props;
  const [open, setOpen] = useState(false);
  const approvals = kind === 'planning' ? project.planning_approvals : project.labor_approvals;
  return (
    <Stack gap="xs">
      <ApprovalList approvals={approvals} verballyApproved={project.verbally_approved} kind={kind} />
      {staff ? (
        <>
          <Group>
            <Button variant="light" size="xs" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
              Request approval
            </Button>
          </Group>
          {open ? <ApprovalSendForm {...props} onDone={() => setOpen(false)} /> : null}
        </>
      ) : null}
    </Stack>
  );
}

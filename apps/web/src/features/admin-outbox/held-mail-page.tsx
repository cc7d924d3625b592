import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  heldMailAttachInputSchema,
  heldMailTicketInputSchema,
  ticketSaveFailedMessage,
  type HeldMailItem,
} from '@switchboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DataTable } from '../../components/data-table.tsx';
import { MailAuthBadge, mailAuthDetails } from '../../components/mail-auth-badge.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination, type PaginationMeta } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { api } from '../../lib/api-client.ts';
import { useCompanyAccountOptions, useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';

const heldMailKey = ['admin', 'held-mail'] as const;

type SavedAnswer = { message: string; data: { id: number } };

/** First message per field of a zod result, for a Mantine form. */
function firstErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** A failed save: 'An error occured.' as a toast, field errors beside their fields, any other server message in the modal. */
function useSaveFailure(setFieldErrors: (errors: Record<string, string>) => void) {
  const [message, setMessage] = useState<string | null>(null);
  const fail = (error: unknown) => {
    notifications.show({ color: 'red', message: ticketSaveFailedMessage });
    const { fields, message: serverMessage } = getFormErrors(error);
    if (Object.keys(fields).length > 0) {
      setFieldErrors(fields);
      setMessage(null);
    } else setMessage(serverMessage);
  };
  return { message, fail, clear: () => setMessage(null) };
}

const options = (list: { id: number; name: string }[] | undefined) =>
  (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));

interface TicketFormValues {
  company_id: string | null;
  client_id: string | null;
  site_id: string | null;
}

/** "Create ticket": a company, then optionally a client account and a site of that company. */
function CreateTicketModal({
  mail,
  onClose,
  onCreated,
}: {
  mail: HeldMailItem;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<TicketFormValues>({
    mode: 'controlled',
    initialValues: { company_id: null, client_id: null, site_id: null },
    validate: (values) => firstErrors(heldMailTicketInputSchema.safeParse(values)),
  });
  const companyId = form.values.company_id ? Number(form.values.company_id) : null;
  const companies = useCompanyOptions();
  const sites = useSiteOptions(companyId);
  const accounts = useCompanyAccountOptions(companyId);
  const failure = useSaveFailure(form.setErrors);
  const create = useMutation({
    mutationFn: (values: TicketFormValues) => api.post<SavedAnswer>(`/api/admin/held-mail/${mail.id}/ticket`, values),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: heldMailKey });
      onCreated(answer.data.id);
    },
    onError: failure.fail,
  });
  const submit = form.onSubmit((values) => {
    failure.clear();
    create.mutate(values);
  });

  return (
    <Modal opened onClose={onClose} title="Create ticket">
      <form onSubmit={submit} noValidate aria-label="Create ticket from held mail">
        <Stack gap="sm">
          <Text size="sm">
            A new ticket (type Email) from <strong>{mail.from_email}</strong>: <em>{mail.subject}</em>
          </Text>
          <Select
            label="Company"
            required
            searchable
            data={options(companies.data)}
            {...form.getInputProps('company_id')}
            onChange={(value) => {
              form.setFieldValue('company_id', value);
              form.setFieldValue('client_id', null);
              form.setFieldValue('site_id', null);
            }}
          />
          <Select
            label="Client"
            searchable
            clearable
            disabled={companyId === null}
            data={options(accounts.data)}
            {...form.getInputProps('client_id')}
          />
          <Select
            label="Site"
            searchable
            clearable
            disabled={companyId === null}
            data={options(sites.data)}
            {...form.getInputProps('site_id')}
          />
          {failure.message ? (
            <Alert color="red" variant="light">
              {failure.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Attach to ticket": the message joins the thread of the ticket with that number. */
function AttachModal({ mail, onClose }: { mail: HeldMailItem; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<{ ticket_id: string }>({
    mode: 'controlled',
    initialValues: { ticket_id: '' },
    // People write ticket numbers as '#123'.
    transformValues: (values) => ({ ticket_id: values.ticket_id.trim().replace(/^#\s*/, '') }),
    validate: (values) =>
      firstErrors(heldMailAttachInputSchema.safeParse({ ticket_id: values.ticket_id.trim().replace(/^#\s*/, '') })),
  });
  const failure = useSaveFailure(form.setErrors);
  const attach = useMutation({
    mutationFn: (values: { ticket_id: string }) =>
      api.post<SavedAnswer>(`/api/admin/held-mail/${mail.id}/attach`, values),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: heldMailKey });
      onClose();
    },
    onError: failure.fail,
  });
  const submit = form.onSubmit((values) => {
    failure.clear();
    attach.mutate(values);
  });

  return (
    <Modal opened onClose={onClose} title="Attach to ticket">
      <form onSubmit={submit} noValidate aria-label="Attach held mail to a ticket">
        <Stack gap="sm">
          <Text size="sm">
            Add the mail from <strong>{mail.from_email}</strong> to a ticket&apos;s e-mail thread:{' '}
            <em>{mail.subject}</em>
          </Text>
          <TextInput
            label="Ticket number"
            required
            inputMode="numeric"
            placeholder="e.g. 1042"
            data-autofocus
            {...form.getInputProps('ticket_id')}
          />
          {failure.message ? (
            <Alert color="red" variant="light">
              {failure.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={attach.isPending}>
              Attach
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /admin/held-mail: mail received for no ticket from an unknown sender, kept for an administrator to review, open a
 * ticket for, or attach to a ticket (decision 0023).
 */
export function HeldMailPage() {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const [creatingFor, setCreatingFor] = useState<HeldMailItem | null>(null);
  const [attachingFor, setAttachingFor] = useState<HeldMailItem | null>(null);
  const [createdTicket, setCreatedTicket] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const held = useQuery({
    queryKey: [...heldMailKey, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<PaginationMeta & { data: HeldMailItem[] }>('/api/admin/held-mail', {
        query: { page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const review = useMutation({
    mutationFn: (id: number) => api.post<{ message: string }>(`/api/admin/held-mail/${id}/reviewed`),
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      void queryClient.invalidateQueries({ queryKey: heldMailKey });
    },
    onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
  });
  const rows = held.data?.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Held Mail
      </Title>
      <Text c="dimmed" size="sm">
        Mail that could not join a ticket on its own: no signed reply address, or a sender who is no contact of the
        ticket's company or could not be verified (SPF, DKIM, DMARC). Create a ticket for it, attach it to a ticket, or
        mark it reviewed.
      </Text>
      {createdTicket !== null ? (
        <Alert
          color="green"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setCreatedTicket(null)}
          data-testid="held-mail-created"
        >
          <Group gap="xs">
            <Text size="sm">Ticket #{createdTicket} was created from the mail.</Text>
            <Anchor component={Link} to={`/ticket/${createdTicket}`} size="sm">
              Open ticket #{createdTicket}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <DataTable
        label="Held mail"
        columns={['From', 'To', 'Subject', 'Message', 'Sender check', 'Received', 'Action']}
        minWidth={1200}
        query={held}
        errorMessage="The held mail could not be loaded."
        loadingText="Loading held mail…"
        emptyMessage="No Held Mail"
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <Table.Tr key={row.id} data-held-id={row.id}>
            <Table.Td>{row.from_email}</Table.Td>
            <Table.Td>{row.to_email}</Table.Td>
            <Table.Td>{row.subject}</Table.Td>
            <Table.Td>
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
                {row.text_body}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                {row.mail_auth ? (
                  <>
                    <MailAuthBadge verdict={row.mail_auth} />
                    <Text size="xs">{row.mail_auth.summary}</Text>
                    <Text size="xs" c="dimmed">
                      {mailAuthDetails(row.mail_auth)}
                    </Text>
                  </>
                ) : null}
                {row.held_reason ? (
                  <Text size="xs" c="dimmed">
                    {row.held_reason}
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>
              <RelativeTime value={row.received_at} size="sm" />
            </Table.Td>
            <Table.Td>
              {row.ticket_id !== null ? (
                <Anchor component={Link} to={`/ticket/${row.ticket_id}`} size="sm">
                  Ticket #{row.ticket_id}
                </Anchor>
              ) : row.reviewed_at ? (
                <Badge color="gray">Reviewed</Badge>
              ) : (
                <Group gap={6} wrap="nowrap">
                  <Button size="xs" onClick={() => setCreatingFor(row)}>
                    Create ticket
                  </Button>
                  <Button size="xs" variant="light" onClick={() => setAttachingFor(row)}>
                    Attach to ticket
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={review.isPending && review.variables === row.id}
                    onClick={() => review.mutate(row.id)}
                  >
                    Mark Reviewed
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {held.data ? (
        <Pagination
          meta={held.data}
          itemLabel="messages"
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
      {creatingFor ? (
        <CreateTicketModal
          mail={creatingFor}
          onClose={() => setCreatingFor(null)}
          onCreated={(id) => {
            setCreatingFor(null);
            setCreatedTicket(id);
          }}
        />
      ) : null}
      {attachingFor ? <AttachModal mail={attachingFor} onClose={() => setAttachingFor(null)} /> : null}
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { leadStatusLabels, type LeadStatusCode } from '@switchboard/shared/crm';
import type { LeadDetail } from '@switchboard/shared/crm-leads';
import { IconPhone } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { confirmDelete } from '../../../components/confirm-dialogs.tsx';
import { noPermissionMessage } from '../../../components/no-permission.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { placeCall } from '../../softphone/place-call.ts';
import { useLeadEmails } from '../api/documents.ts';
import { useLeadProposals } from '../api/lead-proposals.ts';
import { useAddNote, useConvertLead, useDeleteLead, useLead, useLiveLead } from '../api/leads.ts';
import { isOverdue, localToday } from '../lead-filters.ts';
import { AppointmentsSection } from './lead-appointments.tsx';
import { ContactsCard } from './contacts-card.tsx';
import { DispositionForm } from './disposition-form.tsx';
import { LeadEmailButton } from './lead-email-dialog.tsx';
import { LeadFormDrawer } from './lead-form.tsx';
import { LeadProposalButton, LeadProposals } from './lead-proposal-button.tsx';
import { LeadTimeline } from './lead-timeline.tsx';
import { noteHtmlOf } from './note-html.ts';
import { PhoneLink } from './phone-link.tsx';

export const leadNotFoundMessage = 'This lead does not exist or is not yours to see.';

/** ?lead={id} on /crm (designs/crm-softphone.md §4.2), live on crm_lead_{id}. */
export function LeadDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useLead(id);
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={detail.data ? detail.data.company_name : `Lead #${id}`}
    >
      {detail.isPending ? (
        <Loader aria-label="Loading the lead" />
      ) : detail.isError ? (
        <Alert color="red">
          {isApiError(detail.error) && detail.error.status === 404
            ? leadNotFoundMessage
            : isApiError(detail.error) && detail.error.status === 403
              ? noPermissionMessage
              : 'An error occured.'}
        </Alert>
      ) : (
        <LeadView lead={detail.data} onDeleted={onClose} />
      )}
    </Drawer>
  );
}

function LeadView({ lead, onDeleted }: { lead: LeadDetail; onDeleted: () => void }) {
  const permissions = usePermissions();
  const managesCrm = permissions.includes('manage crm');
  const mayCall = permissions.includes('phone access');
  const [editing, setEditing] = useState(false);
  const [logging, setLogging] = useState(false);
  const [companyId, setCompanyId] = useState<number | null>(lead.company_id);
  const remove = useDeleteLead(lead.id);
  const convert = useConvertLead(lead.id);
  const overdue = isOverdue(lead.next_touch, localToday());
  const number = lead.phone ?? lead.mobile;
  // A call logged with this lead (the softphone's) asks for its outcome.
  useLiveLead(lead.id, () => setLogging(true));
  const emails = useLeadEmails(lead.id);
  const proposals = useLeadProposals(lead.id);

  const call = () => {
    if (!number) return;
    placeCall({ number, leadId: lead.id, companyName: lead.company_name });
    setLogging(true);
  };
  const askConvert = () =>
    modals.openConfirmModal({
      title: <Text fw={600}>Convert to client</Text>,
      centered: true,
      children: <Text>Create a client company from {lead.company_name}? The lead becomes a Current Client.</Text>,
      labels: { confirm: 'Convert', cancel: 'Cancel' },
      onConfirm: () =>
        convert.mutate(
          {},
          {
            onSuccess: (answer) => {
              setCompanyId(answer.data.company_id);
              notifications.show({ color: 'green', message: answer.message ?? 'The lead is now a client company.' });
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: isApiError(error) && error.status === 422 ? error.message : 'An error occured.',
              }),
          },
        ),
    });
  const askDelete = () =>
    confirmDelete({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Deleted!' });
            onDeleted();
          },
          onError: () => notifications.show({ color: 'red', message: 'An error occured.' }),
        }),
    });

  return (
    <Stack gap="md">
      <Group gap="xs" wrap="wrap" aria-label="Lead summary" role="group">
        <Badge variant="light" data-field="status">
          {leadStatusLabels[lead.status as LeadStatusCode] ?? lead.status}
        </Badge>
        {lead.campaign_name ? <Badge variant="outline">{lead.campaign_name}</Badge> : null}
        {lead.do_not_call ? <Badge color="red">Do not call</Badge> : null}
        {lead.bad_number ? <Badge color="orange">Bad number</Badge> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Fact label="Next touch">
          <Text span size="sm" c={overdue ? 'red' : undefined} data-field="next_touch">
            {lead.next_touch ? lead.next_touch.slice(0, 10) : 'None'}
          </Text>
        </Fact>
        <Fact label="Agent">{lead.manager_name ?? 'Unassigned'}</Fact>
        <Fact label="Contact">{lead.contact_name || null}</Fact>
        <Fact label="Title">{lead.title}</Fact>
        <Fact label="Phone">
          <PhoneLink number={lead.phone} leadId={lead.id} companyName={lead.company_name} />
          {lead.phone_ext ? ` Ext. ${lead.phone_ext}` : ''}
        </Fact>
        <Fact label="Mobile">
          <PhoneLink number={lead.mobile} leadId={lead.id} companyName={lead.company_name} />
        </Fact>
        <Fact label="Email">{lead.email ? <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor> : null}</Fact>
        <Fact label="Website">{lead.website}</Fact>
        <Fact label="Address">
          {[lead.address, lead.city, [lead.state, lead.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
        </Fact>
        <Fact label="Region">{lead.region_name}</Fact>
        <Fact label="Vertical">{lead.vertical_name}</Fact>
        <Fact label="Calls">
          {lead.calls_count}
          {lead.last_call_at ? (
            <>
              {' · last '}
              <RelativeTime value={lead.last_call_at} size="sm" span />
            </>
          ) : null}
        </Fact>
      </SimpleGrid>
      {companyId !== null ? (
        <Alert color="green">
          This lead is a client:{' '}
          <Anchor component={Link} to={`/companies/${companyId}`}>
            open the company
          </Anchor>
        </Alert>
      ) : null}
      <Group gap="xs">
        {mayCall ? (
          <Button
            leftSection={<IconPhone size={16} aria-hidden />}
            onClick={call}
            disabled={!number || lead.do_not_call}
          >
            Call
          </Button>
        ) : null}
        <Button variant="light" onClick={() => setLogging(true)}>
          Log outcome
        </Button>
        <LeadEmailButton lead={lead} />
        <Button variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <LeadProposalButton leadId={lead.id} />
        {companyId === null ? (
          <Button variant="default" onClick={askConvert} loading={convert.isPending}>
            Convert to client
          </Button>
        ) : null}
        {managesCrm ? (
          <Button color="red" variant="light" onClick={askDelete} loading={remove.isPending}>
            Delete
          </Button>
        ) : null}
      </Group>
      {logging ? <DispositionForm lead={lead} onDone={() => setLogging(false)} /> : null}
      <Divider />
      <ContactsCard leadId={lead.id} companyName={lead.company_name} contacts={lead.contacts} />
      <Divider />
      <LeadProposals leadId={lead.id} />
      <Divider />
      <AppointmentsSection leadId={lead.id} />
      <Divider />
      <Text fw={600}>Timeline</Text>
      <NoteForm leadId={lead.id} />
      <LeadTimeline calls={lead.calls} notes={lead.notes} emails={emails.data} proposals={proposals.data} />
      {editing ? (
        <LeadFormDrawer lead={lead} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      ) : null}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </div>
  );
}

function NoteForm({ leadId }: { leadId: number }) {
  const add = useAddNote(leadId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (text.trim() === '') {
      setError('The note is required.');
      return;
    }
    setError(null);
    add.mutate(noteHtmlOf(text), {
      onSuccess: () => setText(''),
      onError: (failure) => {
        const message = isApiError(failure) && failure.errors?.body?.[0];
        if (message) setError(message);
        else notifications.show({ color: 'red', message: 'An error occured.' });
      },
    });
  };
  return (
    <Stack gap={4}>
      <Textarea
        label="Add a note"
        autosize
        minRows={2}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button size="xs" onClick={submit} loading={add.isPending}>
          Add note
        </Button>
      </Group>
    </Stack>
  );
}

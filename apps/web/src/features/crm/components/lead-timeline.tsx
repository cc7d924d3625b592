import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { DISPOSITIONS } from '@switchboard/shared/crm';
import type { LeadEmail } from '@switchboard/shared/crm-documents';
import type { LeadCall, LeadNote } from '@switchboard/shared/crm-leads';
import { proposalStatusLabels, type ProposalRow } from '@switchboard/shared/crm-proposals';
import { formatCallTimer } from '@switchboard/shared/softphone';
import { IconFileDollar, IconNote, IconPhoneIncoming, IconPhoneOutgoing } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { LeadEmailEntry } from './lead-email-entry.tsx';

type Entry =
  | { kind: 'call'; at: string; call: LeadCall }
  | { kind: 'note'; at: string; note: LeadNote }
  | { kind: 'email'; at: string; email: LeadEmail }
  | { kind: 'proposal'; at: string; proposal: ProposalRow; event: 'sent' | 'accepted' | 'declined' };

/**
 * A proposal's entries: sent (at sent_at) and, once answered, accepted or declined. An answered proposal is read-only
 * (decision 0140), so its updated_at is the moment of the answer.
 */
function proposalEntries(proposal: ProposalRow): Entry[] {
  const entries: Entry[] = [];
  if (proposal.sent_at) entries.push({ kind: 'proposal', at: proposal.sent_at, proposal, event: 'sent' });
  if (proposal.status === 'accepted' || proposal.status === 'declined')
    entries.push({ kind: 'proposal', at: proposal.updated_at, proposal, event: proposal.status });
  return entries;
}

const dispositionLabel = (code: string | null) =>
  code ? (DISPOSITIONS.find((entry) => entry.code === code)?.label ?? code) : null;
const statusText = (status: string) => status.replace(/_/g, ' ');

/** Calls, notes and e-mails, newest first (the detail's last calls and its notes, the lead's e-mails). */
export function LeadTimeline({
  calls,
  notes,
  emails = [],
  proposals = [],
}: {
  calls: readonly LeadCall[];
  notes: readonly LeadNote[];
  emails?: readonly LeadEmail[];
  proposals?: readonly ProposalRow[];
}) {
  const entries: Entry[] = [
    ...calls.map((call): Entry => ({ kind: 'call', at: call.started_at, call })),
    ...notes.map((note): Entry => ({ kind: 'note', at: note.created_at, note })),
    ...emails.map((email): Entry => ({ kind: 'email', at: email.created_at, email })),
    ...proposals.flatMap(proposalEntries),
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No calls or notes yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs" role="list" aria-label="Timeline">
      {entries.map((entry) =>
        entry.kind === 'call' ? (
          <CallEntry key={`call-${entry.call.id}`} call={entry.call} />
        ) : entry.kind === 'proposal' ? (
          <ProposalEntry key={`proposal-${entry.proposal.id}-${entry.event}`} entry={entry} />
        ) : entry.kind === 'email' ? (
          <LeadEmailEntry key={`email-${entry.email.id}`} email={entry.email} />
        ) : (
          <NoteEntry key={`note-${entry.note.id}`} note={entry.note} />
        ),
      )}
    </Stack>
  );
}

function CallEntry({ call }: { call: LeadCall }) {
  const Icon = call.direction === 'incoming' ? IconPhoneIncoming : IconPhoneOutgoing;
  const disposition = dispositionLabel(call.disposition);
  const voicemailLeft = call.voicemail_status === 'ended' || call.voicemail_status === 'started';
  return (
    <Paper withBorder p="xs" role="listitem" data-call-id={call.id}>
      <Group gap="xs" wrap="wrap">
        <Icon size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {call.direction === 'incoming' ? 'Incoming call' : 'Outgoing call'}
        </Text>
        <Badge variant="light" size="sm">
          {statusText(call.status)}
        </Badge>
        {call.duration_seconds !== null ? <Text size="sm">{formatCallTimer(call.duration_seconds)}</Text> : null}
        {disposition ? (
          <Badge variant="outline" size="sm" color="grape">
            {disposition}
          </Badge>
        ) : null}
        {voicemailLeft ? (
          <Badge variant="outline" size="sm" color="teal">
            Voicemail left
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {call.user_name ?? ''}
        </Text>
        <RelativeTime value={call.started_at} size="xs" c="dimmed" />
      </Group>
    </Paper>
  );
}

function NoteEntry({ note }: { note: LeadNote }) {
  return (
    <Paper withBorder p="xs" role="listitem" data-note-id={note.id}>
      <Group gap="xs" mb={4}>
        <IconNote size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Note
        </Text>
        <Text size="xs" c="dimmed">
          {note.user_name ?? ''}
        </Text>
        <RelativeTime value={note.created_at} size="xs" c="dimmed" />
      </Group>
      <SafeHtml html={note.body} fz="sm" />
    </Paper>
  );
}

function ProposalEntry({ entry }: { entry: Extract<Entry, { kind: 'proposal' }> }) {
  const { proposal, event } = entry;
  return (
    <Paper withBorder p="xs" role="listitem" data-proposal-id={proposal.id} data-proposal-event={event}>
      <Group gap="xs" wrap="wrap">
        <IconFileDollar size={16} aria-hidden />
        <Text size="sm" fw={600}>
          {event === 'sent' ? 'Proposal sent' : `Proposal ${proposalStatusLabels[event].toLowerCase()}`}
        </Text>
        <Anchor component={Link} to={`/crm/proposals?proposal=${proposal.id}`} size="sm">
          {proposal.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          {event === 'sent' ? (proposal.agent?.name ?? '') : ''}
        </Text>
        <RelativeTime value={entry.at} size="xs" c="dimmed" />
      </Group>
    </Paper>
  );
}

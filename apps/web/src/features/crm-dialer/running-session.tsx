import { Alert, Badge, Button, Divider, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { leadStatusLabels, type LeadStatusCode } from '@switchboard/shared/crm';
import type { DialSession } from '@switchboard/shared/crm-dialer';
import { formatPhoneNumber } from '@switchboard/shared/phone';
import { formatCallTimer, playingRecordingText } from '@switchboard/shared/softphone';
import { IconPhone, IconPhoneOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useLead, useLiveLead } from '../crm/api/leads.ts';
import { ContactsCard } from '../crm/components/contacts-card.tsx';
import { DispositionForm } from '../crm/components/disposition-form.tsx';
import { LeadTimeline } from '../crm/components/lead-timeline.tsx';
import { useSoftphoneAllowed } from '../softphone/softphone-dock.tsx';
import { placeCall, softphoneStore, useSoftphoneUi, type PhoneView } from '../softphone/place-call.ts';
import { useDialAction, useDialNext } from './api/dialer.ts';
import { QueueList, SessionHeader, SessionStats } from './session-parts.tsx';

// A running (or paused) session (designs/crm-softphone.md §4.4): the current lead's card, the call's state from the
// softphone, the outcome form with keys 1-8, the wrap-up countdown that claims and dials the next lead, Pause, Skip,
// Stop and the stats, live on DialerUpdated.

export const noFreeLeadText = 'Every remaining lead is being called by another agent. Try again in a moment.';
export const phoneUnavailableText = 'Your phone is not set up: ask an administrator for your agent settings.';

const dispositionKeys = /^[1-8]$/;

/** Claims the next lead (after starting the session when asked), which the softphone dials; learns when it finished. */
export function useAdvance(onFinished: (session: DialSession) => void) {
  const [noFreeLead, setNoFreeLead] = useState(false);
  const next = useDialNext((answer) => {
    setNoFreeLead(!answer.finished && answer.item === null);
    if (answer.finished) onFinished(answer.session);
  });
  const advance = (session: DialSession, start = false) =>
    next.mutate(
      { id: session.id, start },
      { onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }) },
    );
  return { advance, pending: next.isPending, noFreeLead };
}

/** The live call's timer (mm:ss), ticking while the call is active. */
function useTimer(activeSince: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (activeSince === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [activeSince]);
  return activeSince === null ? null : formatCallTimer((now - activeSince) / 1000);
}

/** Seconds left of the wrap-up, ticking; null when none runs. */
function useCountdown(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

export function RunningSession({
  session,
  onFinished,
}: {
  session: DialSession;
  onFinished: (session: DialSession) => void;
}) {
  const action = useDialAction();
  const { advance, pending, noFreeLead } = useAdvance(onFinished);
  const phone = useSoftphoneUi((s) => s.phone);
  const phoneAllowed = useSoftphoneAllowed();
  const current = session.current;
  const onCall = phone?.call !== null && phone?.call !== undefined && phone.call.leadId === current?.lead_id;
  const busy = pending || action.isPending;

  const run = (name: 'pause' | 'resume' | 'skip' | 'stop', then?: (answer: DialSession) => void) =>
    action.mutate(
      { id: session.id, action: name },
      {
        onSuccess: ({ data }) => {
          if (data.status === 'finished') onFinished(data);
          else then?.(data);
        },
        onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SessionHeader session={session} />
        <Group gap="xs">
          {session.status === 'active' ? (
            <Button variant="default" onClick={() => run('pause')} loading={action.isPending}>
              Pause
            </Button>
          ) : (
            <Button onClick={() => run('resume', (resumed) => advance(resumed))} loading={busy}>
              Resume
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => run('skip', (rest) => advance(rest))}
            disabled={!current || onCall || busy}
          >
            Skip
          </Button>
          <Button color="red" variant="light" onClick={() => run('stop')} disabled={busy}>
            Stop
          </Button>
        </Group>
      </Group>
      <SessionStats session={session} />
      {!phoneAllowed ? <Alert color="yellow">{phoneUnavailableText}</Alert> : null}
      {current ? (
        <CurrentLead
          key={current.position}
          session={session}
          phone={phone}
          onCall={onCall}
          onAdvance={() => advance(session)}
          advancing={pending}
        />
      ) : session.status === 'active' ? (
        <Paper withBorder p="md">
          <Stack gap="xs" align="flex-start">
            {noFreeLead ? <Text>{noFreeLeadText}</Text> : <Text>No lead is being dialed.</Text>}
            <Button onClick={() => advance(session)} loading={pending}>
              Next lead
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Alert color="yellow">The session is paused. Resume to dial the next lead.</Alert>
      )}
      <Divider label="Up next" labelPosition="left" />
      <QueueList items={session.upcoming} label="Up next" />
    </Stack>
  );
}

function CurrentLead({
  session,
  phone,
  onCall,
  onAdvance,
  advancing,
}: {
  session: DialSession;
  phone: PhoneView | null;
  onCall: boolean;
  onAdvance: () => void;
  advancing: boolean;
}) {
  const item = session.current!;
  const detail = useLead(item.lead_id);
  useLiveLead(item.lead_id);
  const [outcomeSaved, setOutcomeSaved] = useState(false);
  const [wrapUntil, setWrapUntil] = useState<number | null>(null);
  const left = useCountdown(wrapUntil);
  const timer = useTimer(onCall ? (phone?.call?.activeSince ?? null) : null);
  const outcome = useRef<HTMLDivElement>(null);
  // The last call with this lead: its outcome is stamped on it.
  const [callId, setCallId] = useState<number | null>(null);
  const liveRecord = onCall ? (phone?.call?.recordId ?? null) : null;
  if (liveRecord !== null && liveRecord !== callId) setCallId(liveRecord);
  const running = session.status === 'active';

  // Wrap-up starts once the outcome is saved and the call is over; at its end the next lead is claimed and dialed.
  useEffect(() => {
    if (outcomeSaved && !onCall && running && wrapUntil === null) {
      setWrapUntil(Date.now() + session.wrap_up_seconds * 1000);
    }
  }, [outcomeSaved, onCall, running, wrapUntil, session.wrap_up_seconds]);
  useEffect(() => {
    if (!running) setWrapUntil(null);
  }, [running]);
  const advanced = useRef(false);
  useEffect(() => {
    if (left === 0 && !advanced.current && running) {
      advanced.current = true;
      onAdvance();
    }
  }, [left, running, onAdvance]);

  // Keys 1-8 choose the disposition anywhere on the page but in a field (the form's own buttons, pressed).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!dispositionKeys.test(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const button = outcome.current?.querySelector<HTMLButtonElement>(`button[aria-keyshortcuts="${event.key}"]`);
      if (!button) return;
      event.preventDefault();
      button.click();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const lead = detail.data;
  const number = item.phone;
  const call = () => {
    if (!number) return;
    placeCall({
      number,
      leadId: item.lead_id,
      companyName: item.company_name,
      voicemailId: session.voicemail_id,
    });
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder p="md" component="section" aria-label="Current lead">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={0}>
                <Text fw={700} size="lg" data-testid="dialer-company">
                  {item.company_name}
                </Text>
                <Text size="sm" c="dimmed">
                  {[item.contact_name, item.lead_state].filter(Boolean).join(' · ') || '—'}
                </Text>
              </Stack>
              {lead ? (
                <Group gap={6}>
                  <Badge variant="light">{leadStatusLabels[lead.status as LeadStatusCode] ?? lead.status}</Badge>
                  {lead.campaign_name ? <Badge variant="outline">{lead.campaign_name}</Badge> : null}
                </Group>
              ) : null}
            </Group>
            <Group gap="sm" wrap="wrap">
              <Text fw={600} data-testid="dialer-number">
                {number ? formatPhoneNumber(number) || number : 'No number'}
              </Text>
              <Badge color={onCall ? 'green' : 'gray'} variant="light" data-testid="dialer-call-status">
                {onCall ? (phone?.statusText ?? 'Dialing') : phone ? 'Waiting' : 'Phone off'}
              </Badge>
              {timer ? <Text data-testid="dialer-call-timer">{timer}</Text> : null}
              {onCall && phone?.playingRecording ? <Badge color="grape">{playingRecordingText}</Badge> : null}
              {onCall ? (
                <Button
                  size="xs"
                  color="red"
                  leftSection={<IconPhoneOff size={14} aria-hidden />}
                  onClick={softphoneStore.hangup}
                >
                  Hang up
                </Button>
              ) : (
                <Button
                  size="xs"
                  leftSection={<IconPhone size={14} aria-hidden />}
                  onClick={call}
                  disabled={!number || !running || phone?.call != null}
                >
                  Call
                </Button>
              )}
            </Group>
            {wrapUntil !== null ? (
              <Group gap="sm" role="status" aria-label="Wrap-up">
                <Text>Next lead in {left ?? 0} s</Text>
                <Button size="xs" variant="light" onClick={onAdvance} loading={advancing}>
                  Next lead now
                </Button>
              </Group>
            ) : null}
            {detail.isPending ? <Loader size="sm" aria-label="Loading the lead" /> : null}
            {detail.isError ? <Alert color="red">An error occured.</Alert> : null}
          </Stack>
        </Paper>
        {/* On the left, clear of the softphone panel floating at the bottom right. */}
        <div ref={outcome} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
          {lead && !outcomeSaved ? (
            <DispositionForm lead={lead} callId={callId} onDone={() => setOutcomeSaved(true)} />
          ) : null}
        </div>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          {lead ? <ContactsCard leadId={lead.id} companyName={lead.company_name} contacts={lead.contacts} /> : null}
          {lead ? (
            <Stack gap="xs" component="section" aria-label="Last calls and notes">
              <Text fw={600}>Last calls and notes</Text>
              <LeadTimeline calls={lead.calls} notes={lead.notes} />
            </Stack>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { formatPhoneNumber } from '@switchboard/shared/phone';
import {
  callButtonState,
  CALL_TIMER_INTERVAL_MS,
  dialNumberFor,
  enableSoundText,
  formatCallTimer,
  forwardButtonEnabled,
  noMicrophoneMessage,
  PHONE_VOLUME_DEFAULT,
  PHONE_VOLUME_MAX,
  PHONE_VOLUME_MIN,
  PHONE_VOLUME_STEP,
  phoneInAnotherTabText,
  phoneUseHereLabel,
  playingRecordingText,
  volumeFraction,
} from '@switchboard/shared/softphone';
import { IconArrowsRightLeft, IconSettings, IconVolume, IconVolume3 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/deferred-overlays.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useAudioDevices, type AudioDevice } from './devices.ts';
import { callRecordFailedMessage, canMerge, type PhoneController, type PhoneState } from './phone-controller.ts';
import { isApiError } from '../../lib/api-client.ts';
import { softphoneStore, useSoftphoneUi } from './place-call.ts';
import { remoteAudioElement } from './sounds.ts';
import { usePhone } from './use-phone.ts';

const dialKeys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

/** Browsers keep audio silent before a user gesture: a suspended AudioContext tells the panel to ask for a click. */
function useAudioSuspended(): [boolean, () => void] {
  const [context] = useState(() => (typeof AudioContext === 'function' ? new AudioContext() : null));
  const [suspended, setSuspended] = useState(context?.state === 'suspended');
  useEffect(() => {
    if (!context) return;
    const update = () => setSuspended(context.state === 'suspended');
    context.addEventListener('statechange', update);
    update();
    return () => {
      context.removeEventListener('statechange', update);
      void context.close().catch(() => undefined);
    };
  }, [context]);
  const resume = () => {
    void context?.resume().catch(() => undefined);
    const remote = remoteAudioElement();
    if (remote?.srcObject) void remote.play().catch(() => undefined);
  };
  return [suspended, resume];
}

/** The live call's timer text, ticking every second while the call is active. */
function useCallTimer(activeSince: number | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (activeSince === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), CALL_TIMER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [activeSince]);
  return activeSince === null ? null : formatCallTimer((now - activeSince) / 1000);
}

const deviceOptions = (devices: AudioDevice[]) => devices.map((d) => ({ value: d.deviceId, label: d.label }));

/**
 * The softphone panel (spec 1 §2.7; designs/crm-softphone.md §3.5): status, timer, dial pad, Call/Hang up, Mute,
 * Hold, volume, incoming Answer/Ignore, the settings modal (devices, auto voicemail) and the transfer modal.
 */
export function SoftphonePanel() {
  const { controller, state, role, useHere } = usePhone();
  const open = useSoftphoneUi((s) => s.open);
  const request = useSoftphoneUi((s) => s.request);
  const devices = useAudioDevices(role === 'holder');
  const hasMicrophone = devices.inputs.length > 0;
  const [number, setNumber] = useState('');
  const [leadId, setLeadId] = useState<number | null>(null);
  const [companyName, setCompanyName] = useState<string | null>(null);
  const [volume, setVolume] = useState(PHONE_VOLUME_DEFAULT);
  const [micId, setMicId] = useState<string | null>(null);
  const [speakerId, setSpeakerId] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [autoVoicemail, setAutoVoicemail] = useState(false);
  const voicemail = useVoicemailChoice();
  const [audioSuspended, resumeAudio] = useAudioSuspended();
  const timer = useCallTimer(state.call?.activeSince ?? null);

  const ready = state.phase === 'ready';
  const button = callButtonState({
    numberValid: dialNumberFor(number) !== null,
    hasMicrophone,
    phoneReady: ready,
    autoVoicemail,
    voicemailId: voicemail.id,
  });

  // The remote element: volume 0-100 in steps of 10 (spec 1 §9), the chosen output (setSinkId).
  useEffect(() => {
    const remote = remoteAudioElement();
    if (remote) remote.volume = volumeFraction(volume);
  }, [volume]);
  useEffect(() => {
    const remote = remoteAudioElement() as (HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }) | null;
    if (remote?.setSinkId && speakerId) void remote.setSinkId(speakerId).catch(() => undefined);
  }, [speakerId]);

  // Pages that follow the call (the power dialer) read the phone from the store.
  useEffect(() => {
    const call = state.call;
    softphoneStore.publishPhone(
      role === 'holder'
        ? {
            ready,
            statusText: state.statusText,
            call: call ? { recordId: call.recordId, leadId: call.leadId, activeSince: call.activeSince } : null,
            playingRecording: state.playingRecording,
          }
        : null,
      controller.hangup,
    );
  }, [role, ready, state.statusText, state.call, state.playingRecording, controller]);
  useEffect(() => () => softphoneStore.publishPhone(null, null), []);

  // A ringing call opens the panel.
  useEffect(() => {
    if (state.incoming) softphoneStore.setOpen(true);
  }, [state.incoming]);

  // A number clicked on a page (placeCall): fill it in and dial once the phone is ready.
  useEffect(() => {
    if (!request || !ready || state.call || !hasMicrophone) return;
    const taken = softphoneStore.takeRequest(request.requestId);
    if (!taken) return;
    const formatted = formatPhoneNumber(taken.number) || taken.number;
    setNumber(formatted);
    setLeadId(taken.leadId);
    setCompanyName(taken.companyName ?? null);
    // A request naming a voicemail (the power dialer's drop) leaves it automatically.
    const drop = taken.voicemailId ?? null;
    const withVoicemail = drop !== null || autoVoicemail;
    const voicemailId = drop ?? voicemail.id;
    if (!callButtonState({ ...buttonInput(formatted), hasMicrophone, phoneReady: ready }).enabled) return;
    void controller.dial({
      number: formatted,
      leadId: taken.leadId,
      companyName: taken.companyName,
      autoVoicemail: withVoicemail,
      voicemailId,
      micId,
      speakerId,
    });
    function buttonInput(text: string) {
      return { numberValid: dialNumberFor(text) !== null, autoVoicemail: withVoicemail, voicemailId };
    }
  }, [request, ready, state.call, hasMicrophone, controller, autoVoicemail, voicemail.id, micId, speakerId]);

  // Hangup clears the number and the contact (spec 1 §4) unless a held call is restored.
  const [hadCall, setHadCall] = useState(false);
  if (state.call && !hadCall) setHadCall(true);
  if (!state.call && hadCall) {
    setHadCall(false);
    setNumber('');
    setLeadId(null);
    setCompanyName(null);
  }

  const call = () =>
    void controller.dial({ number, leadId, companyName, autoVoicemail, voicemailId: voicemail.id, micId, speakerId });

  const press = (key: string) => {
    if (state.call) controller.dtmf(key);
    else setNumber((text) => text + key);
  };

  return (
    <Paper
      shadow="lg"
      radius="md"
      withBorder
      p="md"
      w={320}
      role="region"
      aria-label="Softphone"
      hidden={!open}
      style={{ position: 'fixed', right: 20, bottom: 84, zIndex: 300, display: open ? undefined : 'none' }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6}>
            <Text fw={600}>Phone</Text>
            {state.localMode ? (
              <Badge color="grape" variant="light" size="sm">
                Simulated telephony
              </Badge>
            ) : null}
          </Group>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label="Transfer or conference"
              disabled={!state.call}
              onClick={() => setTransferOpen(true)}
            >
              <IconArrowsRightLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label="Phone settings" onClick={() => setSettingsOpen(true)}>
              <IconSettings size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>

        {role === 'elsewhere' ? (
          <Alert color="gray" variant="light" title={phoneInAnotherTabText}>
            <Button size="xs" mt={4} onClick={useHere}>
              {phoneUseHereLabel}
            </Button>
          </Alert>
        ) : null}
        {devices.loaded && !hasMicrophone ? (
          <Alert color="red" variant="light" role="alert">
            {noMicrophoneMessage}
          </Alert>
        ) : null}
        {audioSuspended ? (
          <Button variant="light" color="yellow" size="xs" onClick={resumeAudio}>
            {enableSoundText}
          </Button>
        ) : null}

        <StatusLine state={state} timer={timer} />

        {state.incoming ? (
          <IncomingCallCard state={state} controller={controller} />
        ) : (
          <>
            <TextInput
              label="Number"
              value={number}
              readOnly={state.call !== null}
              onChange={(event) => setNumber(event.currentTarget.value)}
              onBlur={() => setNumber((text) => formatPhoneNumber(text) || text)}
              placeholder="(555) 555-5555"
            />
            <SimpleGrid cols={3} spacing={6} verticalSpacing={6}>
              {dialKeys.map((key) => (
                <Button key={key} variant="default" onClick={() => press(key)} aria-label={`Key ${key}`}>
                  {key}
                </Button>
              ))}
            </SimpleGrid>
            {state.call ? (
              <Stack gap={6}>
                {/* Its own row: in a row of three, 'Hang up' did not fit the panel's width. */}
                <Button color="red" fullWidth onClick={controller.hangup}>
                  Hang up
                </Button>
                <Group grow gap="xs">
                  <Button variant="default" onClick={controller.toggleMute} aria-pressed={state.call.muted}>
                    {state.call.muted ? 'Unmute' : 'Mute'}
                  </Button>
                  <Button
                    variant="default"
                    onClick={() => void controller.toggleHold()}
                    aria-pressed={state.call.held}
                    disabled={state.call.activeSince === null}
                  >
                    {state.call.held ? 'Resume' : 'Hold'}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Button
                color="green"
                onClick={call}
                disabled={!button.enabled}
                title={button.reason ?? undefined}
                aria-describedby={button.reason ? 'softphone-call-reason' : undefined}
              >
                Call
              </Button>
            )}
            {!state.call && button.reason && hasMicrophone ? (
              <Text id="softphone-call-reason" size="xs" c="dimmed">
                {button.reason}
              </Text>
            ) : null}
          </>
        )}

        <Group gap="xs" wrap="nowrap">
          {volume === 0 ? <IconVolume3 size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
          <Slider
            style={{ flex: 1 }}
            min={PHONE_VOLUME_MIN}
            max={PHONE_VOLUME_MAX}
            step={PHONE_VOLUME_STEP}
            value={volume}
            onChange={setVolume}
            label={(value) => `${value}`}
            thumbLabel="Volume"
          />
        </Group>
      </Stack>

      <Modal opened={settingsOpen} onClose={() => setSettingsOpen(false)} title="Phone settings">
        <Stack>
          <Select
            label="Microphone"
            data={deviceOptions(devices.inputs)}
            value={micId ?? devices.inputs[0]?.deviceId ?? null}
            onChange={setMicId}
            allowDeselect={false}
          />
          <Select
            label="Speaker"
            data={deviceOptions(devices.outputs)}
            value={speakerId ?? devices.outputs[0]?.deviceId ?? null}
            onChange={setSpeakerId}
            allowDeselect={false}
          />
          <Switch
            label="Auto Leave Voicemail"
            checked={autoVoicemail}
            onChange={(event) => setAutoVoicemail(event.currentTarget.checked)}
          />
          <Select
            label="Voicemail"
            data={voicemail.options}
            value={voicemail.id === null ? null : String(voicemail.id)}
            onChange={(value) => voicemail.choose(value === null ? null : Number(value))}
            error={button.voicemailError}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear voicemail', 'aria-hidden': false }}
          />
        </Stack>
      </Modal>

      <TransferModal
        opened={transferOpen}
        onClose={() => setTransferOpen(false)}
        controller={controller}
        state={state}
      />
    </Paper>
  );
}

function StatusLine({ state, timer }: { state: PhoneState; timer: string | null }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between">
        <Text fw={600} data-testid="softphone-status" aria-live="polite">
          {state.statusText}
        </Text>
        {timer ? (
          <Text ff="monospace" data-testid="softphone-timer">
            {timer}
          </Text>
        ) : null}
      </Group>
      {state.call?.companyName ? (
        <Text size="sm" data-testid="softphone-company">
          {state.call.companyName}
        </Text>
      ) : null}
      {state.playingRecording ? (
        <Text size="sm" c="blue">
          {playingRecordingText}
        </Text>
      ) : null}
    </Stack>
  );
}

function IncomingCallCard({ state, controller }: { state: PhoneState; controller: PhoneController }) {
  const incoming = state.incoming!;
  const connectionId = useAuth((s) => s.agentSettings?.connection_id ?? null);
  return (
    <Paper withBorder p="sm" radius="sm" role="region" aria-label="Incoming call">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {incoming.waiting ? 'Call waiting' : 'Incoming call'}
        </Text>
        <Text fw={600}>{formatPhoneNumber(incoming.number) || incoming.number}</Text>
        {incoming.companyName ? <Text data-testid="softphone-incoming-company">{incoming.companyName}</Text> : null}
        <Group grow gap="xs">
          <Button color="green" onClick={() => void controller.answer()}>
            Answer
          </Button>
          <Button color="red" variant="light" onClick={() => void controller.ignore()}>
            Ignore
          </Button>
          {canMerge(state) ? (
            <Button variant="light" onClick={() => void controller.merge(connectionId)}>
              Merge
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

export function TransferModal({
  opened,
  onClose,
  controller,
  state,
}: {
  opened: boolean;
  onClose: () => void;
  controller: PhoneController;
  state: PhoneState;
}) {
  const connectionId = useAuth((s) => s.agentSettings?.connection_id ?? null);
  const [to, setTo] = useState('');
  const [inProgress, setInProgress] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Only once the far leg is known: before CallControlIdUpdated the only id is the agent's own leg.
  const enabled = forwardButtonEnabled({ numberValid: dialNumberFor(to) !== null, inProgress }) && farLegKnown(state);
  const run = async (action: () => Promise<boolean>) => {
    setInProgress(true);
    setFailure(null);
    try {
      if (await action()) onClose();
    } catch (error) {
      // Spec 1 §8 shows no handling for these: the server's refusal (e.g. a do-not-call number), else its generic
      // 'An error occured.'; the modal stays open on the call as it was.
      setFailure(transferFailureMessage(error));
    } finally {
      setInProgress(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Transfer or conference">
      <Stack>
        <TextInput
          label="Forward number"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          onBlur={() => setTo((text) => formatPhoneNumber(text) || text)}
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group grow>
          <Button disabled={!enabled} onClick={() => void run(() => controller.transfer(to))}>
            Transfer
          </Button>
          <Button
            variant="light"
            disabled={!enabled}
            onClick={() => void run(() => controller.addToConference(to, connectionId))}
          >
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Transfer and Add act on the far leg, known from CallControlIdUpdated (or the caller's IncomingCallId). */
export const farLegKnown = (state: PhoneState): boolean => Boolean(state.call?.callControlId);

/** A refused transfer or conference: the server's field message (422), else the generic 'An error occured.'. */
export function transferFailureMessage(error: unknown): string {
  if (isApiError(error) && error.status === 422) {
    const first = Object.values(error.errors ?? {})[0]?.[0];
    return first ?? error.message;
  }
  return callRecordFailedMessage;
}

/** The voicemail for auto voicemail: the user's choice, else their default_voicemail, else the default voicemail. */
function useVoicemailChoice() {
  const staticData = useStaticData();
  const defaultVoicemail = useAuth((s) => s.user?.settings?.default_voicemail ?? null);
  const voicemails = staticData.data && 'voicemails' in staticData.data ? (staticData.data.voicemails ?? []) : [];
  const [chosen, setChosen] = useState<number | null | undefined>(undefined);
  const fallback =
    voicemails.find((v) => v.id === defaultVoicemail)?.id ?? voicemails.find((v) => v.is_default)?.id ?? null;
  return {
    id: chosen === undefined ? fallback : chosen,
    options: voicemails.map((v) => ({ value: String(v.id), label: v.name })),
    choose: setChosen,
  };
}

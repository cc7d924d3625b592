import { notifications } from '@mantine/notifications';
import { phoneKey } from '@switchboard/shared/crm';
import { phoneChannel, phoneChannelEvents } from '@switchboard/shared/realtime';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { api } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useChannel, type ChannelHandlers } from '../../lib/socket.ts';
import {
  createPhoneController,
  type PhoneController,
  type PhoneState,
  type SdkClientFactory,
} from './phone-controller.ts';
import { remoteAudioElement, shellSounds } from './sounds.ts';
import { electPhoneTab, type TabElection, type TabRole } from './tab-election.ts';

/** The SDK loads on first use only: it never enters the shell's chunk. */
const loadTelnyx = async (): Promise<SdkClientFactory> => {
  const { TelnyxRTC } = await import('@telnyx/webrtc');
  return (options) => new TelnyxRTC(options) as unknown as ReturnType<SdkClientFactory>;
};

const toast = (message: string) => notifications.show({ color: 'red', message });

/**
 * The phone of this tab: one controller for the panel's life, started while this tab holds the phone (one tab of
 * the browser does), fed with the line's phone channel (spec 1 §7.8).
 */
export function usePhone(): {
  controller: PhoneController;
  state: PhoneState;
  role: TabRole;
  useHere: () => void;
} {
  const agentSettings = useAuth((s) => s.agentSettings);
  const agentNumber = agentSettings?.phone_number ?? null;
  const callbackNumber = agentSettings?.callback_number ?? null;
  const controller = useMemo(
    () =>
      createPhoneController({
        loadClientFactory: loadTelnyx,
        requests: api,
        sounds: shellSounds,
        toast,
        remoteElement: remoteAudioElement,
        agentNumber,
        callbackNumber,
      }),
    [agentNumber, callbackNumber],
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);

  const [role, setRole] = useState<TabRole>('pending');
  const [election, setElection] = useState<TabElection | null>(null);
  useEffect(() => {
    const elected = electPhoneTab(setRole);
    setElection(elected);
    return () => elected.close();
  }, []);

  useEffect(() => {
    if (role !== 'holder') return;
    controller.start();
    return () => controller.stop();
  }, [role, controller]);

  const lineDigits = agentNumber ? phoneKey(agentNumber) : null;
  const handlers = useMemo<ChannelHandlers>(
    () =>
      Object.fromEntries(
        phoneChannelEvents.map((event) => [
          event,
          (payload: Record<string, unknown> | null) => controller.onChannelEvent(event, payload),
        ]),
      ),
    [controller],
  );
  useChannel(role === 'holder' && lineDigits ? phoneChannel(lineDigits) : null, handlers);

  return { controller, state, role, useHere: () => election?.useHere() };
}

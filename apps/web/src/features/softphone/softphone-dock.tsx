import { ActionIcon, Affix } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth-store.ts';
import { softphoneStore, useSoftphoneUi } from './place-call.ts';
import { softphoneAudioIds, soundFile } from './sounds.ts';

// The panel (and, through it, the @telnyx/webrtc SDK) is its own chunk: the shell only carries this dock.
const SoftphonePanel = lazy(() => import('./softphone-panel.tsx').then((m) => ({ default: m.SoftphonePanel })));

/** Spec 1 §2.7: shown only with 'phone access' and an agent connection. */
export function useSoftphoneAllowed(): boolean {
  return useAuth((s) => s.permissions.includes('phone access') && Boolean(s.agentSettings?.connection_id));
}

/**
 * The shell's part of the softphone (spec 1 §2.7, §9): the floating toggle at bottom-right, the audio elements the
 * phone plays into, and the panel, mounted (closed) for as long as the user may phone so that calls ring anywhere.
 */
export function SoftphoneDock() {
  const allowed = useSoftphoneAllowed();
  const open = useSoftphoneUi((s) => s.open);
  if (!allowed) return null;
  return (
    <>
      <div hidden>
        <audio id={softphoneAudioIds.remote} autoPlay data-testid="softphone-remote-audio" />
        <audio id={softphoneAudioIds.ringtone} src={soundFile('ringtone')} loop preload="auto" />
        <audio id={softphoneAudioIds.beep} src={soundFile('beep')} loop preload="auto" />
        <audio id={softphoneAudioIds.dtmf} preload="auto" />
        <audio id={softphoneAudioIds.hangup} src={soundFile('hangup')} preload="auto" />
      </div>
      <Suspense fallback={null}>
        <SoftphonePanel />
      </Suspense>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={300}>
        <ActionIcon
          size={52}
          radius="xl"
          variant="filled"
          color={open ? 'gray' : 'green'}
          aria-label={open ? 'Close the softphone' : 'Open the softphone'}
          aria-expanded={open}
          onClick={softphoneStore.toggle}
        >
          <IconPhone aria-hidden />
        </ActionIcon>
      </Affix>
    </>
  );
}

import type { PhoneSounds, SoundName } from './phone-controller.ts';

/** The ids of the shell's audio elements (spec 1 §9: remote, ringtone, beep, dtmf, hangup). */
export const softphoneAudioIds = {
  remote: 'softphone-remote-audio',
  ringtone: 'softphone-ringtone-audio',
  beep: 'softphone-beep-audio',
  dtmf: 'softphone-dtmf-audio',
  hangup: 'softphone-hangup-audio',
} as const;

export const soundFile = (name: SoundName) => `/sounds/${name}.wav`;

const element = (id: string) => document.getElementById(id) as HTMLAudioElement | null;

const elementFor = (name: SoundName) =>
  element(
    name.startsWith('dtmf-') ? softphoneAudioIds.dtmf : softphoneAudioIds[name as 'ringtone' | 'beep' | 'hangup'],
  );

/** Plays the generated WAVs on the shell's elements; a refused play (no user gesture yet) is silently dropped. */
export const shellSounds: PhoneSounds = {
  play(name) {
    const audio = elementFor(name);
    if (!audio) return;
    if (name.startsWith('dtmf-')) audio.src = soundFile(name);
    audio.currentTime = 0;
    void audio.play()?.catch(() => undefined);
  },
  stop(name) {
    const audio = elementFor(name);
    if (!audio) return;
    audio.pause();
    audio.currentTime = 0;
  },
};

export const remoteAudioElement = () => element(softphoneAudioIds.remote);

import { truncateLabel } from '@switchboard/shared/softphone';
import { useEffect, useState } from 'react';

/** An audio device of the settings lists (design §3.5): its id and its label cut at 20 characters. */
export interface AudioDevice {
  deviceId: string;
  label: string;
}

export interface AudioDevices {
  /** False until the first reading: the no-microphone banner waits for it. */
  loaded: boolean;
  inputs: AudioDevice[];
  outputs: AudioDevice[];
}

const emptyDevices: AudioDevices = { loaded: false, inputs: [], outputs: [] };

function listOf(devices: MediaDeviceInfo[], kind: MediaDeviceKind, fallback: string): AudioDevice[] {
  return devices
    .filter((device) => device.kind === kind)
    .map((device, index) => ({
      deviceId: device.deviceId,
      label: truncateLabel(device.label || `${fallback} ${index + 1}`),
    }));
}

/**
 * The browser's audio inputs and outputs. Labels are empty until the page may use the microphone, so when inputs
 * exist without labels the microphone is asked for once (the phone needs it anyway) and the list is read again.
 */
export async function readAudioDevices(
  media: MediaDevices | undefined = navigator.mediaDevices,
): Promise<AudioDevices> {
  if (!media?.enumerateDevices) return { loaded: true, inputs: [], outputs: [] };
  let devices = await media.enumerateDevices();
  const inputs = devices.filter((device) => device.kind === 'audioinput');
  if (inputs.length > 0 && inputs.every((device) => !device.label) && media.getUserMedia) {
    try {
      const stream = await media.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      devices = await media.enumerateDevices();
    } catch {
      // Refused or absent: the ids are enough to choose.
    }
  }
  return {
    loaded: true,
    inputs: listOf(devices, 'audioinput', 'Microphone'),
    outputs: listOf(devices, 'audiooutput', 'Speaker'),
  };
}

/** The audio devices, read again on every `devicechange` (a headset plugged in or out). */
export function useAudioDevices(enabled: boolean): AudioDevices {
  const [devices, setDevices] = useState<AudioDevices>(emptyDevices);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const read = () => {
      readAudioDevices()
        .then((next) => {
          if (live) setDevices(next);
        })
        .catch(() => {
          if (live) setDevices({ loaded: true, inputs: [], outputs: [] });
        });
    };
    read();
    const media = navigator.mediaDevices;
    media?.addEventListener?.('devicechange', read);
    return () => {
      live = false;
      media?.removeEventListener?.('devicechange', read);
    };
  }, [enabled]);
  return devices;
}

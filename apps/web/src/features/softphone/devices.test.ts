import { describe, expect, it } from 'vitest';
import { readAudioDevices } from './devices.ts';

const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g', toJSON: () => ({}) }) as MediaDeviceInfo;

function fakeMedia(lists: MediaDeviceInfo[][], options: { refuse?: boolean } = {}) {
  let reads = 0;
  let asked = 0;
  const media = {
    enumerateDevices: async () => lists[Math.min(reads++, lists.length - 1)]!,
    getUserMedia: async () => {
      asked++;
      if (options.refuse) throw new DOMException('denied', 'NotAllowedError');
      return { getTracks: () => [{ stop: () => undefined }] } as unknown as MediaStream;
    },
  } as unknown as MediaDevices;
  return { media, asked: () => asked };
}

describe('audio devices (design §3.5)', () => {
  it('lists inputs and outputs with labels cut at 20 characters', async () => {
    const { media, asked } = fakeMedia([
      [
        device('audioinput', 'mic-1', 'Fake Default Audio Input'),
        device('audiooutput', 'out-1', 'Fake Default Audio Output'),
        device('videoinput', 'cam', 'Camera'),
      ],
    ]);
    expect(await readAudioDevices(media)).toEqual({
      loaded: true,
      inputs: [{ deviceId: 'mic-1', label: 'Fake Default Audio I' }],
      outputs: [{ deviceId: 'out-1', label: 'Fake Default Audio O' }],
    });
    expect(asked()).toBe(0);
  });

  it('asks for the microphone once when labels are hidden, then reads the list again', async () => {
    const { media, asked } = fakeMedia([
      [device('audioinput', 'mic-1', '')],
      [device('audioinput', 'mic-1', 'Headset microphone (USB)')],
    ]);
    const devices = await readAudioDevices(media);
    expect(asked()).toBe(1);
    expect(devices.inputs).toEqual([{ deviceId: 'mic-1', label: 'Headset microphone (' }]);
  });

  it('a refused microphone keeps the ids with numbered names', async () => {
    const { media } = fakeMedia([[device('audioinput', 'mic-1', ''), device('audiooutput', 'out', '')]], {
      refuse: true,
    });
    const devices = await readAudioDevices(media);
    expect(devices.inputs).toEqual([{ deviceId: 'mic-1', label: 'Microphone 1' }]);
    expect(devices.outputs).toEqual([{ deviceId: 'out', label: 'Speaker 1' }]);
  });

  it('no inputs means no microphone (the banner and a disabled Call)', async () => {
    const { media } = fakeMedia([[]]);
    expect(await readAudioDevices(media)).toEqual({ loaded: true, inputs: [], outputs: [] });
    expect(await readAudioDevices(undefined)).toEqual({ loaded: true, inputs: [], outputs: [] });
  });
});

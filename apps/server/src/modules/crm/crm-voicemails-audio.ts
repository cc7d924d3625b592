import { VOICEMAIL_MAX_BYTES, type VoicemailAudioExt } from '@switchboard/shared/crm-voicemails';

// Voicemail recordings are known by their bytes (designs/crm-softphone.md §4.5): a WAV by its RIFF/WAVE header and
// format chunk, an MP3 by a run of valid MPEG audio frames (after an optional ID3v2 tag). The length comes from the
// same parse: the data chunk over the byte rate, or the frames' samples over their sample rate.

export interface AudioInfo {
  ext: VoicemailAudioExt;
  mime: 'audio/wav' | 'audio/mpeg';
  durationMs: number;
}

/** What the bytes are, or null when they are neither a playable WAV nor an MP3. */
export function inspectVoicemailAudio(data: Buffer): AudioInfo | null {
  if (data.length > VOICEMAIL_MAX_BYTES) return null;
  const wav = wavDurationMs(data);
  if (wav !== null) return { ext: 'wav', mime: 'audio/wav', durationMs: wav };
  const mp3 = mp3DurationMs(data);
  if (mp3 !== null) return { ext: 'mp3', mime: 'audio/mpeg', durationMs: mp3 };
  return null;
}

// PCM, IEEE float, A-law, mu-law, and WAVE_FORMAT_EXTENSIBLE (which wraps one of them).
const wavFormats = new Set([1, 3, 6, 7, 0xfffe]);

/** The length of a RIFF/WAVE file in ms, or null when the header does not describe playable audio. */
export function wavDurationMs(data: Buffer): number | null {
  if (data.length < 12 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WAVE')
    return null;
  let byteRate = 0;
  let offset = 12;
  while (offset + 8 <= data.length) {
    const id = data.toString('latin1', offset, offset + 4);
    const size = data.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > data.length) return null;
      const format = data.readUInt16LE(body);
      const channels = data.readUInt16LE(body + 2);
      const sampleRate = data.readUInt32LE(body + 4);
      const rate = data.readUInt32LE(body + 8);
      const blockAlign = data.readUInt16LE(body + 12);
      const bits = data.readUInt16LE(body + 14);
      if (!wavFormats.has(format) || channels < 1 || channels > 8) return null;
      if (sampleRate < 4000 || sampleRate > 192_000 || ![8, 16, 24, 32].includes(bits)) return null;
      if (blockAlign !== (channels * bits) / 8 || rate !== sampleRate * blockAlign) return null;
      byteRate = rate;
    } else if (id === 'data') {
      if (byteRate === 0) return null;
      // Recorders that stream write a placeholder size: count what is there.
      const bytes = Math.min(size, data.length - body);
      if (bytes <= 0) return null;
      return Math.round((bytes * 1000) / byteRate);
    }
    // Chunks are padded to an even size.
    offset = body + size + (size % 2);
  }
  return null;
}

// Bitrates in kbit/s by [MPEG-1 ? 0 : 1][layer index 1..3][bitrate index]; 0 = free, -1 = bad.
const bitrates: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, -1],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, -1],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, -1],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256, -1],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, -1],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, -1],
};
const sampleRates: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface MpegFrame {
  length: number;
  samples: number;
  sampleRate: number;
}

/** The MPEG audio frame whose header starts at `offset`, or null. */
export function readMpegFrame(data: Buffer, offset: number): MpegFrame | null {
  if (offset + 4 > data.length) return null;
  const [b0, b1, b2] = [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5, 1 reserved
  const layerBits = (b1 >> 1) & 3; // 3 layer I, 2 layer II, 1 layer III, 0 reserved
  if (version === 1 || layerBits === 0) return null;
  const layer = 4 - layerBits;
  const kbps = bitrates[`${version === 3 ? 1 : 2}-${layer}`]![(b2 >> 4) & 15]!;
  const sampleRate = sampleRates[version]![(b2 >> 2) & 3];
  if (kbps <= 0 || sampleRate === undefined) return null;
  const padding = (b2 >> 1) & 1;
  const bps = kbps * 1000;
  if (layer === 1) return { length: (Math.floor((12 * bps) / sampleRate) + padding) * 4, samples: 384, sampleRate };
  const samples = layer === 3 && version !== 3 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * bps) / sampleRate) + padding, samples, sampleRate };
}

// A file must start (after its tag) with this many consecutive frames, or run out of bytes in fewer.
const framesToTrust = 4;

/** The length of an MPEG audio stream in ms, or null when it is not one. */
export function mp3DurationMs(data: Buffer): number | null {
  let offset = 0;
  if (data.length >= 10 && data.toString('latin1', 0, 3) === 'ID3') {
    const size = ((data[6]! & 0x7f) << 21) | ((data[7]! & 0x7f) << 14) | ((data[8]! & 0x7f) << 7) | (data[9]! & 0x7f);
    offset = 10 + size + (data[5]! & 0x10 ? 10 : 0);
  }
  // An ID3v1 tag may close the file.
  const end =
    data.length >= 128 && data.toString('latin1', data.length - 128, data.length - 125) === 'TAG'
      ? data.length - 128
      : data.length;
  let frames = 0;
  let seconds = 0;
  while (offset < end) {
    const frame = readMpegFrame(data, offset);
    if (!frame || offset + frame.length > end) break;
    frames += 1;
    seconds += frame.samples / frame.sampleRate;
    offset += frame.length;
  }
  // Junk after a good stream is tolerated; a stream that is mostly not frames is not audio.
  if (frames < framesToTrust) return null;
  return Math.round(seconds * 1000);
}

/** A note of the demo's generated recordings: frequency in Hz (0 = silence) and length in ms. */
export interface Tone {
  hz: number;
  ms: number;
}

/** A WAV of the given tones: 8 kHz, mono, 16-bit PCM, each tone faded in and out so it does not click. */
export function generateToneWav(tones: readonly Tone[], sampleRate = 8000): Buffer {
  const total = tones.reduce((sum, tone) => sum + Math.round((tone.ms * sampleRate) / 1000), 0);
  const out = Buffer.alloc(44 + total * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + total * 2, 4);
  out.write('WAVE', 8, 'latin1');
  out.write('fmt ', 12, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(total * 2, 40);
  let at = 44;
  for (const tone of tones) {
    const count = Math.round((tone.ms * sampleRate) / 1000);
    const fade = Math.min(count / 2, sampleRate / 100);
    for (let i = 0; i < count; i += 1) {
      const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
      const value = tone.hz === 0 ? 0 : Math.sin((2 * Math.PI * tone.hz * i) / sampleRate) * 0.4 * envelope;
      out.writeInt16LE(Math.round(value * 32767), at);
      at += 2;
    }
  }
  return out;
}

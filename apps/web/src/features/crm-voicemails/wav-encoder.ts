// Browser recordings become WAV files here (designs/crm-softphone.md §4.5; no package): the captured float samples
// are mixed to mono, resampled to 16 kHz (two minutes stay under the 5 MB limit: 120 s x 32 KB/s = 3.8 MB) and
// written as 16-bit PCM behind a RIFF/WAVE header, which the server reads back to check the file.

export const RECORDING_SAMPLE_RATE = 16_000;

/** The average of the channels, sample by sample. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((channel) => channel.length));
  const mono = new Float32Array(length);
  for (let i = 0; i < length; i += 1) {
    let sum = 0;
    for (const channel of channels) sum += channel[i]!;
    mono[i] = sum / channels.length;
  }
  return mono;
}

/** Linear-interpolation resampling from one rate to another (a speech recording needs no better filter). */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to || samples.length === 0) return samples;
  const length = Math.max(1, Math.round((samples.length * to) / from));
  const out = new Float32Array(length);
  const step = from / to;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const index = Math.floor(position);
    const next = Math.min(index + 1, samples.length - 1);
    const fraction = position - index;
    out[i] = samples[Math.min(index, samples.length - 1)]! * (1 - fraction) + samples[next]! * fraction;
  }
  return out;
}

/** Mono float samples (-1..1) as a 16-bit PCM WAV file's bytes. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i += 1) {
    const clamped = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff), true);
  }
  return buffer;
}

/** Captured chunks (one Float32Array per channel per chunk) at `inputRate` as a 16 kHz mono WAV blob. */
export function chunksToWav(chunks: readonly Float32Array[][], inputRate: number): Blob {
  return new Blob([chunksToWavBytes(chunks, inputRate)], { type: 'audio/wav' });
}

/** The bytes of chunksToWav. */
export function chunksToWavBytes(chunks: readonly Float32Array[][], inputRate: number): ArrayBuffer {
  const channelCount = chunks[0]?.length ?? 1;
  const channels = Array.from({ length: channelCount }, (_, channel) => {
    const total = chunks.reduce((sum, chunk) => sum + (chunk[channel]?.length ?? 0), 0);
    const joined = new Float32Array(total);
    let at = 0;
    for (const chunk of chunks) {
      const part = chunk[channel] ?? new Float32Array(0);
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  });
  const mono = resample(mixToMono(channels), inputRate, RECORDING_SAMPLE_RATE);
  return encodeWav(mono, RECORDING_SAMPLE_RATE);
}

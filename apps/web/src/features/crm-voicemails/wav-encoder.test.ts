import { describe, expect, it } from 'vitest';
import { chunksToWav, chunksToWavBytes, encodeWav, mixToMono, RECORDING_SAMPLE_RATE, resample } from './wav-encoder.ts';

describe('wav encoder', () => {
  it('mixes channels to mono and resamples by interpolation', () => {
    expect([...mixToMono([new Float32Array([1, 0.5]), new Float32Array([0, -0.5])])]).toEqual([0.5, 0]);
    expect([...resample(new Float32Array([0, 1, 0, -1]), 4, 8)]).toEqual([0, 0.5, 1, 0.5, 0, -0.5, -1, -1]);
    expect(resample(new Float32Array(48_000), 48_000, 16_000)).toHaveLength(16_000);
  });

  it('writes a 16-bit PCM RIFF/WAVE header and clamped samples', () => {
    const view = new DataView(encodeWav(new Float32Array([0, 1, -1, 2]), 16_000));
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(view.buffer, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });

  it('joins captured chunks into a 16 kHz mono WAV blob', () => {
    const second = new Float32Array(48_000).fill(0.25);
    const chunks = [[second.subarray(0, 24_000)], [second.subarray(24_000)]];
    expect(chunksToWav(chunks, 48_000).type).toBe('audio/wav');
    const view = new DataView(chunksToWavBytes(chunks, 48_000));
    expect(view.getUint32(24, true)).toBe(RECORDING_SAMPLE_RATE);
    // One second at 16 kHz, 2 bytes a sample.
    expect(view.getUint32(40, true)).toBe(32_000);
    expect(view.getInt16(44 + 1000, true)).toBe(Math.round(0.25 * 0x7fff));
  });
});

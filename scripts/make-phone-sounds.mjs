// Writes the softphone's sounds (spec 1 §9: ringtone, beep, dtmf, hangup) to apps/web/public/sounds/ as 8 kHz 16-bit
// mono WAVs, generated here from the North American tone plan so no recording and no licence is involved.
// Run: node scripts/make-phone-sounds.mjs
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const rate = 8000;
const outDir = fileURLToPath(new URL('../apps/web/public/sounds/', import.meta.url));

/** Samples of the frequencies summed for `seconds` (or silence without frequencies), with 5 ms fades. */
function tone(frequencies, seconds, level = 0.35) {
  const count = Math.round(rate * seconds);
  const samples = new Float64Array(count);
  if (frequencies.length === 0) return samples;
  const fade = Math.round(rate * 0.005);
  for (let i = 0; i < count; i++) {
    let value = 0;
    for (const frequency of frequencies) value += Math.sin((2 * Math.PI * frequency * i) / rate);
    const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
    samples[i] = (value / frequencies.length) * level * envelope;
  }
  return samples;
}

const join = (...parts) => {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Float64Array(total);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// Standard DTMF pairs (ITU-T Q.23): row frequency + column frequency.
const dtmfKeys = {
  1: [697, 1209],
  2: [697, 1336],
  3: [697, 1477],
  4: [770, 1209],
  5: [770, 1336],
  6: [770, 1477],
  7: [852, 1209],
  8: [852, 1336],
  9: [852, 1477],
  star: [941, 1209],
  0: [941, 1336],
  pound: [941, 1477],
};

const sounds = {
  // US ring cadence: 440 + 480 Hz, 2 s on, 4 s off (the element loops it).
  ringtone: join(tone([440, 480], 2), tone([], 4)),
  // A 1 kHz call-waiting beep, 0.3 s on, 0.7 s off (the element loops it for 5 s).
  beep: join(tone([1000], 0.3), tone([], 0.7)),
  // Reorder (fast busy): 480 + 620 Hz, 0.25 s on, 0.25 s off, three times.
  hangup: join(...Array.from({ length: 3 }, () => join(tone([480, 620], 0.25), tone([], 0.25)))),
};
for (const [key, pair] of Object.entries(dtmfKeys)) sounds[`dtmf-${key}`] = tone(pair, 0.15);

mkdirSync(outDir, { recursive: true });
for (const [name, samples] of Object.entries(sounds)) writeFileSync(`${outDir}${name}.wav`, wav(samples));
console.log(`wrote ${Object.keys(sounds).length} sounds to ${outDir}`);

import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { saveUpload } from '../../plugins/storage.ts';
import { voicemails } from '../reference/reference.table.ts';
import { generateToneWav, wavDurationMs, type Tone } from './crm-voicemails-audio.ts';

// Demo audio for the three seeded voicemails (ids 1-3, db/seed/data/crm.ts): short tone melodies made here (8 kHz
// mono PCM WAV, no recorded voice, nothing licensed), written under DATA_DIR/uploads. A voicemail that already has a
// file keeps it, so the seed can run again.

const note = (hz: number, ms = 320): Tone => ({ hz, ms });
const rest = (ms = 120): Tone => ({ hz: 0, ms });

const demoMelodies: Record<number, Tone[]> = {
  // Default Introduction: a rising greeting, then a steady "please call back" motif.
  1: [note(523), rest(), note(659), rest(), note(784), rest(), note(1047, 640), rest(400), note(784), note(659)],
  // Follow-Up After Proposal: two questions.
  2: [note(440), note(554), note(659, 560), rest(500), note(440), note(554), note(740, 560), rest(300)],
  // Appointment Reminder: a chime, three times.
  3: [
    note(880, 240),
    note(660, 480),
    rest(400),
    note(880, 240),
    note(660, 480),
    rest(400),
    note(880, 240),
    note(660, 600),
  ],
};

/** Gives the seeded voicemails without a recording their generated audio. Answers how many were written. */
export async function seedVoicemailsDemo(db: DbOrTransaction, dataDir: string): Promise<number> {
  const ids = Object.keys(demoMelodies).map(Number);
  const waiting = await db
    .select({ id: voicemails.id })
    .from(voicemails)
    .where(and(inArray(voicemails.id, ids), isNull(voicemails.file)));
  for (const { id } of waiting) {
    const data = generateToneWav(demoMelodies[id]!);
    const file = await saveUpload(dataDir, 'voicemails', data, 'wav');
    await db
      .update(voicemails)
      .set({
        file,
        mime: 'audio/wav',
        bytes: data.length,
        durationMs: wavDurationMs(data),
        sha256: createHash('sha256').update(data).digest('hex'),
      })
      .where(eq(voicemails.id, id));
  }
  return waiting.length;
}

import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { voicemailMessages, voicemailRowSchema, type VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { voicemails } from '../reference/reference.table.ts';
import { generateToneWav, inspectVoicemailAudio, mp3DurationMs, wavDurationMs } from './crm-voicemails-audio.ts';
import { seedVoicemailsDemo } from './crm-voicemails.demo.ts';
import { crmCalls } from './crm.table.ts';

// The voicemail drops (designs/crm-softphone.md §4.5, §5): the gates ('view crm' reads and plays, 'manage crm'
// changes, clients never), recordings known by content with their length, exactly one default, deletion that keeps
// old calls' names, VoicemailUpdated on `store`, the static data list, and the demo audio.

let ctx: TestContext;
let manager: string;
let viewer: string;
let plain: string;
let client: string;
let managerId: number;

const listSchema = z.object({ data: z.array(voicemailRowSchema) });

/** MPEG-1 layer III frames, 128 kbit/s at 44.1 kHz (417 bytes, 1152 samples each), behind an ID3v2 tag. */
function mp3(frames: number): Buffer {
  const tag = Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 20]), Buffer.alloc(20)]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return Buffer.concat([tag, ...Array.from({ length: frames }, () => frame)]);
}

const wav = (seconds: number) => generateToneWav([{ hz: 440, ms: seconds * 1000 }]);

beforeAll(async () => {
  ctx = await createTestContext();
  const boss = await createUser(ctx.db, { name: 'Mona Manager', permissions: ['view crm', 'manage crm'] });
  managerId = boss.id;
  manager = (await login(ctx.app, boss.email, boss.password)).access_token;
  const agent = await createUser(ctx.db, { name: 'Vic Viewer', permissions: ['view crm'] });
  viewer = (await login(ctx.app, agent.email, agent.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  plain = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'manage crm'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
});
afterAll(async () => {
  await ctx?.close();
});

async function list(token = manager): Promise<VoicemailRow[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/crm/voicemails', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return listSchema.parse(response.json()).data;
}

async function upload(fields: Record<string, string | { blob: Blob; name: string }>, token = manager) {
  const body = await multipartBody(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/crm/voicemails',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const file = (data: Buffer, name: string, type = 'audio/wav') => ({
  blob: new Blob([new Uint8Array(data)], { type }),
  name,
});

async function uploaded(name: string, data = wav(2), fileName = 'clip.wav'): Promise<VoicemailRow> {
  const response = await upload({ name, file: file(data, fileName) });
  expect(response.statusCode, response.body).toBe(200);
  return voicemailRowSchema.parse(response.json().data);
}

const put = (id: number, payload: object, token = manager) =>
  ctx.app.inject({ method: 'PUT', url: `/api/crm/voicemails/${id}`, headers: bearer(token), payload });
const remove = (id: number, query = '', token = manager) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/crm/voicemails/${id}${query}`, headers: bearer(token) });

describe('audio checks', () => {
  it('reads the length of a WAV from its header and of an MP3 from its frames', () => {
    expect(wavDurationMs(wav(3))).toBe(3000);
    expect(inspectVoicemailAudio(wav(1))).toEqual({ ext: 'wav', mime: 'audio/wav', durationMs: 1000 });
    // 100 frames of 1152 samples at 44.1 kHz.
    expect(mp3DurationMs(mp3(100))).toBe(Math.round((100 * 1152 * 1000) / 44100));
    expect(inspectVoicemailAudio(mp3(10))?.mime).toBe('audio/mpeg');
  });

  it('refuses what only looks like audio', () => {
    const broken = wav(1);
    broken.writeUInt32LE(12345, 28); // byte rate that does not match the format
    expect(wavDurationMs(broken)).toBeNull();
    expect(wavDurationMs(wav(1).subarray(0, 40))).toBeNull(); // no data chunk
    expect(inspectVoicemailAudio(Buffer.from('RIFF....WAVEjunk'))).toBeNull();
    expect(mp3DurationMs(mp3(2))).toBeNull(); // too few frames to trust
    expect(inspectVoicemailAudio(Buffer.from('ID3 but nothing else at all'))).toBeNull();
    expect(inspectVoicemailAudio(Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(2000), 'latin1'))).toBeNull();
  });

  it('generates 8 kHz mono 16-bit PCM', () => {
    const data = generateToneWav([{ hz: 440, ms: 500 }]);
    expect(data.readUInt32LE(24)).toBe(8000);
    expect(data.readUInt16LE(22)).toBe(1);
    expect(data.readUInt16LE(34)).toBe(16);
    expect(data.length).toBe(44 + 8000);
  });
});

describe('gates', () => {
  it('needs a signed-in employee with view crm to read, and manage crm to change', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/voicemails' })).statusCode).toBe(401);
    for (const token of [plain, client]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/crm/voicemails', headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      const audio = await ctx.app.inject({ method: 'GET', url: '/api/crm/voicemails/1/audio', headers: bearer(token) });
      expect(audio.statusCode).toBe(403);
    }
    expect((await list(viewer)).length).toBeGreaterThan(0);
    for (const token of [viewer, client]) {
      expect((await upload({ name: 'x', file: file(wav(1), 'x.wav') }, token)).statusCode).toBe(403);
      expect((await put(2, { name: 'Renamed' }, token)).statusCode).toBe(403);
      expect((await remove(2, '', token)).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select().from(voicemails).where(eq(voicemails.id, 2));
    expect(row?.name).toBe('Follow-Up After Proposal');
    expect(row?.deletedAt).toBeNull();
  });
});

describe('list', () => {
  it('shows the seeded voicemails, the default first, with times used counted from calls', async () => {
    await ctx.db.insert(crmCalls).values([
      { direction: 'outgoing', status: 'voicemail', voicemailId: 2 },
      { direction: 'outgoing', status: 'voicemail', voicemailId: 2 },
      { direction: 'outgoing', status: 'completed', voicemailId: 3 },
      { direction: 'outgoing', status: 'completed' },
    ]);
    const rows = await list();
    expect(rows[0]).toMatchObject({ id: 1, name: 'Default Introduction', is_default: true, has_audio: false });
    const used = Object.fromEntries(rows.map((row) => [row.id, row.times_used]));
    expect(used).toMatchObject({ 1: 0, 2: 2, 3: 1 });
    expect(rows.filter((row) => row.is_default)).toHaveLength(1);
  });
});

describe('upload', () => {
  it('stores a WAV checked by content with its length, sha256 and author, and says so on store', async () => {
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const data = wav(4);
    const row = await uploaded('  Spring Promo ', data, 'spring.wav');
    expect(row).toMatchObject({
      name: 'Spring Promo',
      duration_ms: 4000,
      mime: 'audio/wav',
      bytes: data.length,
      has_audio: true,
      is_default: false,
      author: { id: managerId, name: 'Mona Manager' },
      times_used: 0,
    });
    const [stored] = await ctx.db.select().from(voicemails).where(eq(voicemails.id, row.id));
    expect(stored?.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(stored?.createdBy).toBe(managerId);
    expect(readFileSync(join(ctx.config.dataDir, stored!.file!)).equals(data)).toBe(true);
    expect(emit).toHaveBeenCalledWith('store', 'VoicemailUpdated', { voicemail: row });
    emit.mockRestore();
    // The static data's list follows.
    const staticData = await ctx.app.inject({ method: 'GET', url: '/api/misc/staticdata', headers: bearer(viewer) });
    expect(staticData.json().data.voicemails).toContainEqual({
      id: row.id,
      name: 'Spring Promo',
      is_default: false,
      deleted_at: null,
    });
  });

  it('takes an MP3 (after its ID3 tag) whatever the browser called it', async () => {
    const row = await uploaded('Mp3 drop', mp3(200), 'drop.bin');
    expect(row.mime).toBe('audio/mpeg');
    expect(row.duration_ms).toBe(Math.round((200 * 1152 * 1000) / 44100));
  });

  it('refuses missing fields, other content, long, silent and oversized recordings', async () => {
    const before = (await list()).length;
    const cases: [Record<string, string | { blob: Blob; name: string }>, Record<string, string[]>][] = [
      [{ name: 'No file' }, { file: [voicemailMessages.fileRequired] }],
      [{ file: file(wav(1), 'a.wav') }, { name: [voicemailMessages.nameRequired] }],
      [{ name: ' ', file: file(wav(1), 'a.wav') }, { name: [voicemailMessages.nameRequired] }],
      [{ name: 'x'.repeat(101), file: file(wav(1), 'a.wav') }, { name: [voicemailMessages.nameTooLong] }],
      [
        { name: 'PNG', file: file(Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(900), 'latin1'), 'a.wav') },
        {
          file: [voicemailMessages.fileType],
        },
      ],
      [
        { name: 'Text', file: file(Buffer.from('hello'), 'a.mp3', 'audio/mpeg') },
        { file: [voicemailMessages.fileType] },
      ],
      // A data chunk of one byte: no sound to leave.
      [{ name: 'Silent', file: file(longWav(0, 1), 'silent.wav') }, { file: [voicemailMessages.fileEmpty] }],
      // 121 s of 8 kHz 8-bit mono: under 5 MB but too long.
      [{ name: 'Long', file: file(longWav(121), 'long.wav') }, { file: [voicemailMessages.fileTooLong] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await upload(fields);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json()).toEqual({ message: 'The given data was invalid.', errors });
    }
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/voicemails',
      headers: bearer(manager),
      payload: { name: 'JSON' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ file: [voicemailMessages.fileRequired] });
    const big = await upload({ name: 'Big', file: file(Buffer.alloc(5 * 1024 * 1024 + 1), 'big.wav') });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('A file may not be greater than 5120 kilobytes.');
    expect(await list()).toHaveLength(before);
  });

  it('accepts exactly 120 seconds', async () => {
    expect((await uploaded('Two minutes', longWav(120))).duration_ms).toBe(120_000);
  });
});

/** An 8 kHz 8-bit mono WAV of the given seconds (small enough to stay under 5 MB at 121 s). */
function longWav(seconds: number, extraSamples = 0): Buffer {
  const samples = seconds * 8000 + extraSamples;
  const data = Buffer.alloc(44 + samples, 0x90);
  data.write('RIFF', 0, 'latin1');
  data.writeUInt32LE(36 + samples, 4);
  data.write('WAVEfmt ', 8, 'latin1');
  data.writeUInt32LE(16, 16);
  data.writeUInt16LE(1, 20);
  data.writeUInt16LE(1, 22);
  data.writeUInt32LE(8000, 24);
  data.writeUInt32LE(8000, 28);
  data.writeUInt16LE(1, 32);
  data.writeUInt16LE(8, 34);
  data.write('data', 36, 'latin1');
  data.writeUInt32LE(samples, 40);
  return data;
}

describe('rename and default', () => {
  it('renames, and keeps exactly one default when another is made the default', async () => {
    const row = await uploaded('Will be default');
    const renamed = await put(row.id, { name: 'New Default' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: voicemailMessages.saved, data: { name: 'New Default' } });
    expect((await put(row.id, { is_default: true })).json().data.is_default).toBe(true);
    const rows = await list();
    expect(rows.filter((r) => r.is_default).map((r) => r.id)).toEqual([row.id]);
    expect(rows[0]?.id).toBe(row.id);
    // Back to the seeded one for the tests below.
    expect((await put(1, { is_default: true })).statusCode).toBe(200);
    expect((await list()).filter((r) => r.is_default).map((r) => r.id)).toEqual([1]);
  });

  it('refuses to unset the default, an empty change, and unknown or deleted voicemails', async () => {
    const unset = await put(1, { is_default: false });
    expect(unset.statusCode).toBe(422);
    expect(unset.json().errors).toEqual({ is_default: [voicemailMessages.defaultRequired] });
    const empty = await put(1, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: [voicemailMessages.nothingToChange] });
    expect((await put(1, { name: '' })).json().errors).toEqual({ name: [voicemailMessages.nameRequired] });
    expect((await put(999_999, { name: 'x' })).statusCode).toBe(404);
    expect((await put(1, { is_default: 'yes' })).statusCode).toBe(422);
    const gone = await uploaded('Soon gone');
    expect((await remove(gone.id)).statusCode).toBe(200);
    expect((await put(gone.id, { name: 'Back' })).statusCode).toBe(404);
    expect((await put(gone.id, { is_default: true })).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('hides a deleted voicemail from the list and static data; its calls keep its name', async () => {
    const row = await uploaded('Old Offer');
    await ctx.db.insert(crmCalls).values({ direction: 'outgoing', status: 'voicemail', voicemailId: row.id });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await remove(row.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: voicemailMessages.deleted, data: { new_default: null } });
    expect(emit).toHaveBeenCalledWith('store', 'VoicemailUpdated', { deleted_id: row.id });
    emit.mockRestore();
    expect((await list()).map((r) => r.id)).not.toContain(row.id);
    const staticData = await ctx.app.inject({ method: 'GET', url: '/api/misc/staticdata', headers: bearer(viewer) });
    expect(staticData.json().data.voicemails.map((v: { id: number }) => v.id)).not.toContain(row.id);
    const [call] = await ctx.db
      .select({ name: voicemails.name })
      .from(crmCalls)
      .innerJoin(voicemails, eq(voicemails.id, crmCalls.voicemailId))
      .where(eq(crmCalls.voicemailId, row.id));
    expect(call?.name).toBe('Old Offer');
    expect((await remove(row.id)).statusCode).toBe(404);
    const audio = await ctx.app.inject({
      method: 'GET',
      url: `/api/crm/voicemails/${row.id}/audio`,
      headers: bearer(viewer),
    });
    expect(audio.statusCode).toBe(404);
  });

  it('deletes the default only with another live voicemail as the new default', async () => {
    const next = await uploaded('Next Default');
    const dead = await uploaded('Dead');
    await remove(dead.id);
    const cases: [string, string][] = [
      ['', voicemailMessages.deleteDefault],
      ['?new_default_id=1', voicemailMessages.newDefaultInvalid],
      [`?new_default_id=${dead.id}`, voicemailMessages.newDefaultInvalid],
      ['?new_default_id=999999', voicemailMessages.newDefaultInvalid],
      ['?new_default_id=abc', voicemailMessages.newDefaultInvalid],
    ];
    for (const [query, message] of cases) {
      const response = await remove(1, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { new_default_id: [message] },
      });
    }
    expect((await list()).find((r) => r.id === 1)?.is_default).toBe(true);
    const response = await remove(1, `?new_default_id=${next.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.new_default).toMatchObject({ id: next.id, is_default: true });
    const rows = await list();
    expect(rows.map((r) => r.id)).not.toContain(1);
    expect(rows.filter((r) => r.is_default).map((r) => r.id)).toEqual([next.id]);
  });
});

describe('audio', () => {
  it('streams the recording with its type to view crm', async () => {
    const data = wav(1);
    const row = await uploaded('Playable', data);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/crm/voicemails/${row.id}/audio`,
      headers: bearer(viewer),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.rawPayload.equals(data)).toBe(true);
    const mp3Row = await uploaded('Playable mp3', mp3(20), 'x.mp3');
    const mp3Audio = await ctx.app.inject({
      method: 'GET',
      url: `/api/crm/voicemails/${mp3Row.id}/audio`,
      headers: bearer(viewer),
    });
    expect(mp3Audio.headers['content-type']).toBe('audio/mpeg');
    // A voicemail without a recording, and ids that name nothing.
    await ctx.db.update(voicemails).set({ file: null }).where(eq(voicemails.id, 3));
    for (const id of ['3', '999999', 'abc'])
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/crm/voicemails/${id}/audio`, headers: bearer(viewer) }))
          .statusCode,
      ).toBe(404);
  });
});

describe('demo audio', () => {
  it('gives the seeded voicemails generated WAVs under DATA_DIR/uploads, once', async () => {
    await ctx.db.update(voicemails).set({ file: null, deletedAt: null }).where(eq(voicemails.id, 1));
    const written = await seedVoicemailsDemo(ctx.db, ctx.config.dataDir);
    expect(written).toBeGreaterThanOrEqual(2);
    expect(await seedVoicemailsDemo(ctx.db, ctx.config.dataDir)).toBe(0);
    const rows = await ctx.db.select().from(voicemails).where(eq(voicemails.id, 1));
    const row = rows[0]!;
    expect(row.file).toMatch(/^uploads\/voicemails\/[0-9a-f]{32}\.wav$/);
    const data = readFileSync(join(ctx.config.dataDir, row.file!));
    expect(existsSync(join(ctx.config.dataDir, row.file!))).toBe(true);
    expect(inspectVoicemailAudio(data)).toEqual({ ext: 'wav', mime: 'audio/wav', durationMs: row.durationMs });
    expect(row.durationMs).toBeGreaterThan(2000);
    expect(data.readUInt32LE(24)).toBe(8000);
    expect(row.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });
});

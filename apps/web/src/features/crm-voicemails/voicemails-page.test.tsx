import type { VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSocketModule, latestSocket } from '../../test/fake-socket.ts';
import { jsonResponse } from '../../test/render.tsx';
import { firstLoad, renderSignedIn } from '../../test/render-signed-in.tsx';

// /crm/voicemails (designs/crm-softphone.md §4.5): the list, read-only without 'manage crm', the upload's checks in
// the browser before anything is sent, the server's 422 on the field, set default, delete of the default naming the
// new one, play through a blob URL, and a reload on VoicemailUpdated.

vi.mock('socket.io-client', () => fakeSocketModule);
afterEach(() => vi.unstubAllGlobals());

const row = (id: number, name: string, extra: Partial<VoicemailRow> = {}): VoicemailRow => ({
  id,
  name,
  is_default: false,
  duration_ms: 4_400,
  mime: 'audio/wav',
  bytes: 70_000,
  has_audio: true,
  author: { id: 1, name: 'Ada Admin' },
  times_used: 3,
  ...extra,
});

function apiOf(rows: () => VoicemailRow[], sent: { method: string; url: string; body: unknown }[], answers = {}) {
  const table: Record<string, [number, unknown]> = answers;
  return (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    if (method !== 'GET') sent.push({ method, url, body: init?.body });
    const answer = table[`${method} ${path}`];
    if (answer) return jsonResponse(...answer);
    if (method === 'GET' && path === '/api/crm/voicemails') return jsonResponse(200, { data: rows() });
    if (method === 'GET' && path.endsWith('/audio'))
      return new Response(new Blob(['RIFF'], { type: 'audio/wav' }), { status: 200 });
    if (method !== 'GET') return jsonResponse(200, { message: 'Voicemail saved.', data: rows()[0] });
    return undefined;
  };
}

describe('/crm/voicemails', { timeout: 150_000 }, () => {
  it('lists the voicemails read-only for view crm, and plays one', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    // jsdom has no Web Audio: a context that decodes every recording as 4.4 s and records what it starts.
    const started: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      decodeAudioData = vi.fn(async (bytes: ArrayBuffer) => ({ duration: 4.4, length: bytes.byteLength }));
      createBufferSource = () => ({
        buffer: null,
        onended: null,
        connect: vi.fn(),
        disconnect: vi.fn(),
        start: () => started.push(1),
        stop: vi.fn(),
      });
      resume = vi.fn(async () => undefined);
      close = vi.fn(async () => undefined);
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const user = userEvent.setup();
    renderSignedIn('/crm/voicemails', {
      permissions: ['view crm'],
      api: apiOf(() => [row(1, 'Default Introduction', { is_default: true, author: null }), row(2, 'Promo')], sent),
    });
    const table = await screen.findByRole('table', { name: 'Voicemails' }, firstLoad);
    const first = within(table).getByTestId('voicemail-1');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).getByText('0:04')).toBeTruthy();
    expect(within(table).getByTestId('voicemail-2').textContent).toContain('Ada Admin');
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Promo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set Promo as default' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play Promo' }));
    const player = await screen.findByTestId('blob-player');
    expect(player.getAttribute('data-duration')).toBe('4.40');
    expect(player.textContent).toContain('0:04');
    expect(started).toEqual([1]);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('checks a chosen file in the browser, then shows the server refusal on its field', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    const user = userEvent.setup({ applyAccept: false });
    renderSignedIn('/crm/voicemails', {
      permissions: ['view crm', 'manage crm'],
      api: apiOf(() => [row(1, 'Default Introduction', { is_default: true })], sent, {
        'POST /api/crm/voicemails': [
          422,
          {
            message: 'The given data was invalid.',
            errors: { file: ['The recording may not be longer than 120 seconds.'] },
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Upload' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Voicemail' });
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('The file must be an MP3 or WAV recording.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(sent).toEqual([]);
    await user.upload(input, new File(['RIFF'], 'Spring Promo.wav', { type: 'audio/wav' }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Spring Promo');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The recording may not be longer than 120 seconds.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as FormData;
    expect(body.get('name')).toBe('Spring Promo');
    expect((body.get('file') as File).name).toBe('Spring Promo.wav');
  });

  it('sets a default, deletes the default only with a new one, and reloads on VoicemailUpdated', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let rows = [row(1, 'Default Introduction', { is_default: true }), row(2, 'Promo')];
    const user = userEvent.setup();
    renderSignedIn('/crm/voicemails', { permissions: ['view crm', 'manage crm'], api: apiOf(() => rows, sent) });
    await user.click(await screen.findByRole('button', { name: 'Set Promo as default' }, firstLoad));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/crm/voicemails/2' });
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ is_default: true });

    await user.click(screen.getByRole('button', { name: 'Delete Default Introduction' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Voicemail' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        'The default voicemail cannot be deleted: choose another voicemail as the new default.',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    await user.click(within(dialog).getByRole('combobox', { name: 'New default voicemail' }));
    await user.click(await within(dialog).findByRole('option', { name: 'Promo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: '/api/crm/voicemails/1?new_default_id=2' });

    rows = [row(2, 'Promo', { is_default: true }), row(3, 'Added elsewhere')];
    act(() => latestSocket().serverEmit('store', 'VoicemailUpdated', { voicemail: rows[1] }));
    expect(await screen.findByText('Added elsewhere')).toBeTruthy();
  });
});

import type { UserSettings } from '@switchboard/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent } from '../../../test/realtime.ts';
import { getSettings } from './settings.service.ts';
import { userSettings } from './settings.table.ts';

// Spec 1 §3.2 and §9, written out so a changed default fails here.
const defaults: UserSettings = {
  pdf_tab: false,
  dark_mode: false,
  ticket_new_window: false,
  return_to_queue: false,
  highlight_color: '#fff3bf',
  crm_load_status: 1,
  default_login_url: '/dashboard',
  expand_sidebar: true,
  default_voicemail: null,
  font_size: 100,
  ticket_subject_length: 60,
  pagination_scroll: false,
};

describe('profile settings', () => {
  let ctx: TestContext;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function signedIn(options: Parameters<typeof createUser>[1] = {}): Promise<{ user: TestUser; token: string }> {
    const user = await createUser(ctx.db, options);
    const answer = (await login(ctx.app, user.email, user.password)) as unknown as { access_token: string };
    return { user, token: answer.access_token };
  }
  const get = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/profile/settings', headers: bearer(token) });
  const put = (token: string, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/profile/settings', headers: bearer(token), payload: payload as object });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/settings' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/api/profile/settings', payload: { dark_mode: true } })).statusCode,
    ).toBe(401);
  });

  it('answers the defaults to a user who never saved any', async () => {
    const { token } = await signedIn();
    const response = await get(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: defaults });
  });

  it('saves a partial update, answers Settings Updated with the full settings, and keeps earlier changes', async () => {
    const { token } = await signedIn();
    const first = await put(token, { dark_mode: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Settings Updated', data: { ...defaults, dark_mode: true } });

    const second = await put(token, {
      font_size: 120,
      default_login_url: '/tickets?status=open',
      default_voicemail: 3,
      crm_load_status: 9,
    });
    expect(second.json().data).toEqual({
      ...defaults,
      dark_mode: true,
      font_size: 120,
      default_login_url: '/tickets?status=open',
      default_voicemail: 3,
      crm_load_status: 9,
    });
    expect((await get(token)).json().data).toEqual(second.json().data);

    // null clears the default voicemail again.
    expect((await put(token, { default_voicemail: null })).json().data.default_voicemail).toBeNull();
  });

  it('keeps each user’s settings apart, client accounts included', async () => {
    const a = await signedIn();
    const b = await signedIn({ type: 'Client' });
    expect((await put(b.token, { expand_sidebar: false })).statusCode).toBe(200);
    expect((await get(b.token)).json().data.expand_sidebar).toBe(false);
    expect((await get(a.token)).json().data.expand_sidebar).toBe(true);
  });

  it('accepts the limits of font_size and ticket_subject_length', async () => {
    const { token } = await signedIn();
    for (const payload of [
      { font_size: 50 },
      { font_size: 200 },
      { ticket_subject_length: 10 },
      { ticket_subject_length: 250 },
    ]) {
      const response = await put(token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
      expect(response.json().data).toMatchObject(payload);
    }
  });

  const invalid: [string, unknown, string][] = [
    ['font_size', 49, 'The font size must be between 50 and 200.'],
    ['font_size', 201, 'The font size must be between 50 and 200.'],
    ['font_size', 100.5, 'The font size must be an integer.'],
    ['font_size', '100', 'The font size must be a number.'],
    ['ticket_subject_length', 9, 'The ticket subject length must be between 10 and 250.'],
    ['ticket_subject_length', 251, 'The ticket subject length must be between 10 and 250.'],
    ['default_login_url', 'dashboard', 'The default login url must be a path starting with /.'],
    ['default_login_url', '//evil.example/phish', 'The default login url must be a path starting with /.'],
    ['default_login_url', '/\\evil.example', 'The default login url must be a path starting with /.'],
    ['default_login_url', 'https://evil.example/', 'The default login url must be a path starting with /.'],
    ['default_login_url', '/a b', 'The default login url must be a path starting with /.'],
    ['default_login_url', `/${'x'.repeat(255)}`, 'The default login url may not be greater than 255 characters.'],
    ['default_login_url', null, 'The default login url must be a path starting with /.'],
    ['dark_mode', 'yes', 'The dark mode field must be true or false.'],
    ['expand_sidebar', 1, 'The expand sidebar field must be true or false.'],
    ['pdf_tab', null, 'The pdf tab field must be true or false.'],
    ['highlight_color', 'red', 'The highlight color must be a colour such as #fff3bf.'],
    ['crm_load_status', 4, 'The selected crm load status is invalid.'],
    ['default_voicemail', 0, 'The default voicemail must be a voicemail id or null.'],
    ['default_voicemail', 'main', 'The default voicemail must be a voicemail id or null.'],
  ];
  it.each(invalid)('refuses %s = %j with 422 and changes nothing', async (field, value, message) => {
    const { token } = await signedIn();
    await put(token, { dark_mode: true });
    const response = await put(token, { [field]: value, pagination_scroll: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { [field]: [message] } });
    expect((await get(token)).json().data).toEqual({ ...defaults, dark_mode: true });
  });

  it('ignores keys that are not settings', async () => {
    const { user, token } = await signedIn();
    const response = await put(token, { dark_mode: true, user_id: 1, evil: '<script>' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(Object.keys(defaults).sort());
    const stored = await ctx.db.query.userSettings.findFirst({ where: (t, { eq }) => eq(t.userId, user.id) });
    expect(stored?.settings).toEqual({ dark_mode: true });
  });

  it('falls back to the default for a stored value that no longer passes the rules', async () => {
    const { user, token } = await signedIn();
    await ctx.db
      .insert(userSettings)
      .values({ userId: user.id, settings: { font_size: 999, dark_mode: true, stale_key: 1 } });
    expect((await get(token)).json().data).toEqual({ ...defaults, dark_mode: true });
    expect(await getSettings(ctx.db, user.id)).toEqual({ ...defaults, dark_mode: true });
  });

  it('pushes SettingsUpdated to the user’s other tabs and to nobody else', async () => {
    const { user, token } = await signedIn();
    const other = await signedIn();
    const baseUrl = await listenForSockets(ctx.app);
    const otherTab = await connectSocket(baseUrl, token);
    const stranger = await connectSocket(baseUrl, other.token);
    sockets.push(otherTab, stranger);
    const pushed = nextEvent(otherTab, 'SettingsUpdated');
    const strangerHeard: unknown[] = [];
    stranger.on('SettingsUpdated', (payload: unknown) => strangerHeard.push(payload));
    await put(token, { dark_mode: true, font_size: 90 });
    expect(await pushed).toEqual([
      { settings: { ...defaults, dark_mode: true, font_size: 90 } },
      { channel: `user.${user.id}` },
    ]);
    // The stranger's own change reaches its socket after anything sent for the first one would have (one server,
    // one socket: in order), so hearing only its own proves the first did not leak.
    const own = nextEvent(stranger, 'SettingsUpdated');
    await put(other.token, { dark_mode: true });
    await own;
    expect(strangerHeard).toEqual([{ settings: { ...defaults, dark_mode: true } }]);
  });

  it('does not push anything when the update is refused', async () => {
    const { token } = await signedIn();
    const baseUrl = await listenForSockets(ctx.app);
    const tab = await connectSocket(baseUrl, token);
    sockets.push(tab);
    const heard: unknown[] = [];
    tab.on('SettingsUpdated', (payload: unknown) => heard.push(payload));
    expect((await put(token, { font_size: 10 })).statusCode).toBe(422);
    // A later accepted change must arrive; a push for the refused one would have come before it.
    const accepted = nextEvent(tab, 'SettingsUpdated');
    expect((await put(token, { font_size: 90 })).statusCode).toBe(200);
    await accepted;
    expect(heard).toEqual([{ settings: { ...defaults, font_size: 90 } }]);
  });

  it('includes the settings in the login answer and GET /api/session', async () => {
    const user = await createUser(ctx.db);
    const first = (await login(ctx.app, user.email, user.password)) as unknown as {
      access_token: string;
      user: { settings?: UserSettings };
    };
    expect(first.user.settings).toEqual(defaults);
    await put(first.access_token, { dark_mode: true });
    const again = (await login(ctx.app, user.email, user.password)) as unknown as { user: { settings?: UserSettings } };
    expect(again.user.settings).toEqual({ ...defaults, dark_mode: true });
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(first.access_token) });
    expect(session.json().data.user.settings).toEqual({ ...defaults, dark_mode: true });
  });
});

// Issue 20 part 2 (spec 3 §2 Staff chat): two staff in two browser contexts. The administrator finds a colleague on
// /chat (search), opens the room and sends a text with an image; the colleague, on another page, sees the unread count
// on the top bar's chat button live, opens the side panel and the room, sees both messages (the image loaded), the
// count drops to zero, and the next message arrives live in the open conversation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, callApi } from '../support/api.ts';
import { launchBrowser, loginWithToken, newPage } from '../support/browser.ts';

// A 1x1 PNG.
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('staff chat', () => {
  let browser: Browser;
  let adminName: string;
  const tag = Date.now().toString(36);
  const peerName = `Chatty Peer ${tag}`;
  const peerEmail = `chatty.${tag}@example.test`;
  const peerPassword = 'Chatty-Pass-123';

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await adminToken();
    adminName = (await callApi<{ data: { user: { name: string } } }>(token, 'GET', '/api/session')).data.user.name;
    await callApi(token, 'POST', '/api/user', {
      name: peerName,
      email: peerEmail,
      password: peerPassword,
      type: 'user',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('delivers a message with an image live, with the unread count on the other side', async () => {
    const peer = await newPage(browser);
    await loginWithToken(peer, peerEmail, peerPassword);
    await peer.goto('/dashboard');
    await peer.locator('html[data-realtime="connected"]').waitFor({ state: 'attached' });
    const toggle = peer.getByTestId('chat-toggle');
    await expect.poll(() => toggle.getAttribute('data-unread')).toBe('0');

    const admin = await newPage(browser);
    await loginWithToken(admin);
    await admin.goto('/chat');
    await admin.getByRole('textbox', { name: 'Search users' }).fill(`Peer ${tag}`);
    await admin.getByTestId('chat-user').filter({ hasText: peerName }).click();
    const conversation = admin.getByTestId('chat-conversation');
    await conversation.getByText('No messages yet. Say hello.').waitFor();
    await admin.locator('input[type="file"][accept^="image/"]').setInputFiles({
      name: 'pixel.png',
      mimeType: 'image/png',
      buffer: pixel,
    });
    await admin.getByTestId('chat-chosen-files').getByText('pixel.png').waitFor();
    await admin.getByRole('textbox', { name: 'Message' }).fill(`Hello from ${tag}`);
    await admin.getByRole('button', { name: 'Send' }).click();
    const own = conversation.getByTestId('chat-message').filter({ hasText: `Hello from ${tag}` });
    await own.waitFor();
    expect(await own.getAttribute('data-side')).toBe('right');

    // The colleague's top bar counts both messages (the text and the image) without a reload.
    await expect.poll(() => toggle.getAttribute('data-unread')).toBe('2');
    await toggle.click();
    const panel = peer.getByRole('dialog', { name: 'Chat' });
    const entry = panel.getByTestId('chat-user').filter({ hasText: adminName });
    await entry.getByLabel('2 unread').waitFor();
    await entry.click();
    const received = panel.getByTestId('chat-message').filter({ hasText: `Hello from ${tag}` });
    await received.waitFor();
    expect(await received.getAttribute('data-side')).toBe('left');
    await panel.locator('img[alt="pixel.png"][src^="blob:"]').waitFor();
    await expect.poll(() => toggle.getAttribute('data-unread')).toBe('0');

    // The open conversation follows PR_{roomId}: the next message appears without any action.
    await admin.getByRole('textbox', { name: 'Message' }).fill(`Second ${tag}`);
    await admin.getByRole('textbox', { name: 'Message' }).press('Enter');
    await panel
      .getByTestId('chat-message')
      .filter({ hasText: `Second ${tag}` })
      .waitFor();
    await expect.poll(() => toggle.getAttribute('data-unread')).toBe('0');
  });
});

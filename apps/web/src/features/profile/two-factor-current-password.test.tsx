import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';

// Issue 26 §3 (decision 0057): enabling two-factor on one's own account asks for the current password, with the
// same field and messages as a change of one's password or e-mail.

const requiredMessage = 'Enter your current password to change your own password, e-mail or two-factor authentication.';

const session = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'admin',
      name: 'Ada Admin',
      shortname: 'AA',
      email: 'ada@example.com',
      photo: null,
    },
    permissions: ['view dashboard', 'view crm'],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    token_id: 'token-1',
    shadowing: false,
  },
};

async function openSetup() {
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, session],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/profile/twofactor': [200, { data: { enabled: false } }],
    'POST /api/profile/twofactor/setup': [
      200,
      {
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/x',
          qr_data_url: 'data:image/png;base64,AAAA',
        },
      },
    ],
    'POST /api/profile/twofactor/confirm': [200, { message: 'Two-factor authentication enabled.' }],
  });
  renderApp('/crm/profile/twofactor');
  await userEvent.click(await screen.findByRole('button', { name: 'Enable Two-Factor' }));
  await screen.findByTestId('twofactor-secret');
  await userEvent.click(screen.getByLabelText('Digit 1 of 6'));
  await userEvent.keyboard('123456');
  return api;
}

describe('enabling two-factor asks for the current password', () => {
  it('does not send the code without the current password, and says why on the field', async () => {
    const api = await openSetup();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(requiredMessage)).toBeTruthy();
    expect(api.callsTo('POST', '/api/profile/twofactor/confirm')).toHaveLength(0);
    expect(screen.getByTestId('twofactor-status').textContent).toBe('Disabled');
  });

  it("shows the server's message on the field when the password is wrong, keeping the code", async () => {
    const api = await openSetup();
    api.routes['POST /api/profile/twofactor/confirm'] = [
      422,
      { message: 'The given data was invalid.', errors: { current_password: ['The current password is incorrect.'] } },
    ];
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/profile/twofactor/confirm').at(-1)?.body).toEqual({
      code: '123456',
      current_password: 'not-it',
    });
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('1');

    api.routes['POST /api/profile/twofactor/confirm'] = [200, { message: 'Two-factor authentication enabled.' }];
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'the-right-one');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('button', { name: 'Disable Two-Factor' });
    expect(api.callsTo('POST', '/api/profile/twofactor/confirm').at(-1)?.body).toEqual({
      code: '123456',
      current_password: 'the-right-one',
    });
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../lib/auth-store.ts';
import { stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';

const signedIn = {
  access_token: 'access-2fa',
  refresh_token: 'refresh-2fa',
  token_id: 'token-2fa',
  expires_in: 900,
  user: {
    id: 1,
    type: 'Employee',
    role: 'admin',
    name: 'Ada Admin',
    shortname: 'AA',
    email: 'ada@example.com',
    photo: null,
  },
  permissions: ['view dashboard'],
  notifications: [],
  agent_settings: {
    has_settings: false,
    phone_number: null,
    username: null,
    callback_number: null,
    connection_id: null,
  },
  twofactor: false,
};
const challenge = { twofactor: true, hash: 'h-1', hash_e: 'h-e', hash_p: 'h-p' };

async function signInWithPassword() {
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

async function typeCode(code: string) {
  await userEvent.click(await screen.findByLabelText('Digit 1 of 6'));
  await userEvent.keyboard(code);
}

describe('two-factor step (spec 1 §2.3, §4, §5, §8)', { timeout: 20_000 }, () => {
  it('asks for the code after the password, and "Error validating code." for a wrong one', async () => {
    const api = stubApi({
      'POST /api/login': [200, challenge],
      'POST /api/login/twofactor': [
        422,
        { message: 'Error validating code.', errors: { code: ['Error validating code.'] } },
      ],
    });
    const { router } = renderApp('/login');
    await signInWithPassword();

    expect(await screen.findByText('Two-Factor Verification')).toBeTruthy();
    expect(screen.getByText('The code is numbers only.')).toBeTruthy();
    expect(screen.getAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    await typeCode('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Error validating code.');
    expect(api.callsTo('POST', '/api/login/twofactor')[0].body).toEqual({
      hash: 'h-1',
      hash_e: 'h-e',
      hash_p: 'h-p',
      code: '123456',
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(authStore.getState().accessToken).toBeNull();
    // The boxes are emptied for the next try.
    expect((screen.getByLabelText('Digit 1 of 6') as HTMLInputElement).value).toBe('');
  });

  it('signs in with the right code and goes to the redirect parameter', async () => {
    stubApi({
      'POST /api/login': [200, challenge],
      'POST /api/login/twofactor': [200, signedIn],
      'GET /api/misc/staticdata': [200, { data: {} }],
    });
    const { router } = renderApp('/login?redirect=%2Ftickets');
    await signInWithPassword();
    await typeCode('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    expect(window.localStorage.getItem('access_token')).toBe('access-2fa');
  });

  it('does not call the server with fewer than six digits', async () => {
    const api = stubApi({ 'POST /api/login': [200, challenge] });
    renderApp('/login');
    await signInWithPassword();
    await typeCode('123');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error validating code.');
    expect(api.callsTo('POST', '/api/login/twofactor')).toHaveLength(0);
  });

  it("shows the server's text when rate limited, and goes back to the password for an expired challenge", async () => {
    const api = stubApi({
      'POST /api/login': [200, challenge],
      'POST /api/login/twofactor': [429, { message: 'Too many attempts. Please try again in 15 minutes.' }],
    });
    renderApp('/login');
    await signInWithPassword();
    await typeCode('111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please try again in 15 minutes.',
    );

    api.routes['POST /api/login/twofactor'] = [401, { message: 'Your sign-in has expired. Please sign in again.' }];
    await typeCode('222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.getByText('Your sign-in has expired. Please sign in again.')).toBeTruthy();
  });
});

describe('forgot password (spec 1 §2.3, §4, §9)', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the server's text and keeps Reset Password disabled for 15 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'POST /api/forgotpassword': [200, { message: 'Password reset link sent to your email.' }] });
    renderApp('/forgot-password');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText('Password reset link sent to your email.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/forgotpassword')[0].body).toEqual({ email: 'ada@example.com' });
    const button = screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(14_000));
    expect(button.disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_100));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Reset Password' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('validates the e-mail before calling the server', async () => {
    const api = stubApi({});
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('The email must be a valid email address.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows a rate limit's own message", async () => {
    stubApi({ 'POST /api/forgotpassword': [429, { message: 'Too many attempts. Please try again in 3 minutes.' }] });
    renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Please try again in 3 minutes.',
    );
  });
});

describe('reset password (spec 1 §2.3, §5)', { timeout: 20_000 }, () => {
  it('shows the hint and the server password error under the field', async () => {
    const api = stubApi({
      'POST /api/resetpassword': [
        422,
        { message: 'The given data was invalid.', errors: { password: ['The password has appeared in a data leak.'] } },
      ],
    });
    renderApp('/reset-password/tok-123');
    expect(await screen.findByText('Min. 6 Characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New Password'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('The password has appeared in a data leak.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/resetpassword')[0].body).toEqual({
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
      token: 'tok-123',
    });
  });

  it('checks length and confirmation with the shared schema before calling the server', async () => {
    const api = stubApi({});
    renderApp('/reset-password/tok-123');
    await userEvent.type(await screen.findByLabelText('New Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('The password must be at least 6 characters.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New Password'), 'defgh');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('The password field confirmation does not match.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("shows a refused token's error with a way to ask for a new link", async () => {
    stubApi({
      'POST /api/resetpassword': [
        422,
        { message: 'The given data was invalid.', errors: { token: ['This password reset token is invalid.'] } },
      ],
    });
    renderApp('/reset-password/used-token');
    await userEvent.type(await screen.findByLabelText('New Password'), 'new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This password reset token is invalid.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it("lands on login with password_update, which shows 'Password has been updated. Login below.'", async () => {
    stubApi({ 'POST /api/resetpassword': [200, { message: 'Your password has been reset.' }] });
    const { router } = renderApp('/reset-password/tok-123');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'new-pass-1' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'new-pass-1' } });
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?password_update=1');
    expect(await screen.findByText('Password has been updated. Login below.')).toBeTruthy();
  });
});

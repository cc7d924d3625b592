import type { SignedInResponse } from '@switchboard/shared';

/** A sign-in answer for tests: employee Helen (id 1) with the given permissions and user fields. */
export function signedInResponse(
  permissions: string[] = [],
  user: Partial<SignedInResponse['user']> = {},
): SignedInResponse {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    token_id: 'session-1',
    expires_in: 900,
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Helen',
      shortname: 'Helen',
      email: 'helen@example.com',
      photo: null,
      avatar: null,
      created_at: '2026-01-05T09:00:00.000Z',
      email_verified_at: null,
      employee: null,
      ...user,
    },
    permissions,
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
}

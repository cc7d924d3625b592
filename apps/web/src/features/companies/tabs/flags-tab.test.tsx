import { notifications } from '@mantine/notifications';
import { flagCreateFailedMessage, type Flag } from '@switchboard/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { FlagsTab } from './flags-tab.tsx';

const existing: Flag = {
  id: 3,
  flag: 'Call the office manager before rebooting the server',
  company_id: 5,
  created_at: '2026-01-02T10:00:00.000Z',
  created_by: 'Helen',
  deleted_at: null,
  deleted_by: null,
};

function renderFlagsTab() {
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <FlagsTab companyId={5} companyName="Acme Dental" method="index" methodId={undefined} />
    </Providers>,
  );
}

/** A red Mantine toast whose text is exactly `text`. */
async function findErrorToast(text: string): Promise<HTMLElement> {
  const toast = (await screen.findByText(text)).closest<HTMLElement>('.mantine-Notification-root');
  expect(toast?.getAttribute('role')).toBe('alert');
  expect(toast?.getAttribute('style')).toContain('--notification-color: var(--mantine-color-red-filled)');
  return toast!;
}

async function addFlag(text: string) {
  const user = userEvent.setup();
  await screen.findByRole('table', { name: 'Ticket Flags' });
  await user.type(screen.getByRole('textbox', { name: 'Flag' }), text);
  await user.click(screen.getByRole('button', { name: 'Add Flag' }));
}

afterEach(() => {
  // Toasts live in a module-wide store: one left from a test would match the next test's text.
  notifications.clean();
  authStore.clear();
});

describe('flags tab failures (spec 2 §8)', { timeout: 20_000 }, () => {
  it(`toasts '${flagCreateFailedMessage}' when creating a flag fails with a 500, keeping the typed text`, async () => {
    authStore.signIn(signedInResponse());
    const api = stubApi({
      'GET /api/companies/flags.list.5': [200, { data: [existing] }],
      'POST /api/companies/flags/': [500, { message: 'Server Error' }],
    });
    renderFlagsTab();
    await addFlag('Alarm code is 4321');

    expect(await findErrorToast('Some error occured! Please try again')).toBeTruthy();
    expect(screen.queryByText('Server Error')).toBeNull();
    expect(api.callsTo('POST', '/api/companies/flags/')[0].body).toEqual({
      id: '',
      flag: 'Alarm code is 4321',
      company_id: 5,
    });
    expect((screen.getByRole('textbox', { name: 'Flag' }) as HTMLInputElement).value).toBe('Alarm code is 4321');
    const table = screen.getByRole('table', { name: 'Ticket Flags' });
    expect(within(table).queryByText('Alarm code is 4321')).toBeNull();
  });

  it(`toasts '${flagCreateFailedMessage}' when the server cannot be reached`, async () => {
    authStore.signIn(signedInResponse());
    stubApi({
      'GET /api/companies/flags.list.5': [200, { data: [] }],
      'POST /api/companies/flags/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderFlagsTab();
    await addFlag('Alarm code is 4321');

    expect(await findErrorToast('Some error occured! Please try again')).toBeTruthy();
  });

  it("shows a 422's flag message under the field instead of the toast", async () => {
    authStore.signIn(signedInResponse());
    stubApi({
      'GET /api/companies/flags.list.5': [200, { data: [] }],
      'POST /api/companies/flags/': [
        422,
        {
          message: 'The given data was invalid.',
          errors: { flag: ['The flag may not be greater than 255 characters.'] },
        },
      ],
    });
    renderFlagsTab();
    await addFlag('Too long, says the server');

    const input = screen.getByRole('textbox', { name: 'Flag' });
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const errorId = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).find((id) => id.endsWith('-error'));
    expect(errorId && document.getElementById(errorId)?.textContent).toBe(
      'The flag may not be greater than 255 characters.',
    );
    expect(screen.queryByText(flagCreateFailedMessage)).toBeNull();
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { initialPhoneState, type PhoneCall, type PhoneController, type PhoneState } from './phone-controller.ts';
import { TransferModal } from './softphone-panel.tsx';

// The transfer / conference modal (designs/crm-softphone.md §3.5): Transfer and Add wait for the far leg's id, and a
// refused transfer or conference says why and keeps the modal open.

afterEach(() => authStore.clear());

const call = (callControlId: string | null): PhoneCall => ({
  sdkId: 'sdk-1',
  recordId: 41,
  number: '(512) 555-0123',
  leadId: null,
  companyName: null,
  direction: 'outgoing',
  autoVoicemail: false,
  activeSince: 1_000,
  muted: false,
  held: false,
  callControlId,
  conferenceId: null,
});

function renderModal(state: PhoneState, controller: Partial<PhoneController>, onClose = vi.fn()) {
  authStore.signIn(signedInResponse());
  const view = render(
    <Providers queryClient={createQueryClient()} env="test">
      <TransferModal opened onClose={onClose} controller={controller as PhoneController} state={state} />
    </Providers>,
  );
  return { ...view, onClose };
}

describe('TransferModal', { timeout: 60_000 }, () => {
  it("keeps Transfer and Add off until the far leg's id is known", async () => {
    const events = userEvent.setup({ delay: null });
    const state = { ...initialPhoneState, statusText: 'Active' as const, call: call(null) };
    const { rerender } = renderModal(state, {});
    const dialog = await screen.findByRole('dialog', { name: 'Transfer or conference' });
    await events.type(within(dialog).getByLabelText('Forward number'), '5125550140');
    expect(within(dialog).getByRole('button', { name: 'Transfer' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    rerender(
      <Providers queryClient={createQueryClient()} env="test">
        <TransferModal
          opened
          onClose={vi.fn()}
          controller={{} as PhoneController}
          state={{ ...state, call: call('v3:far') }}
        />
      </Providers>,
    );
    const again = await screen.findByRole('dialog', { name: 'Transfer or conference' });
    await waitFor(() =>
      expect(within(again).getByRole('button', { name: 'Transfer' })).toHaveProperty('disabled', false),
    );
    expect(within(again).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', false);
  });

  it('shows a refused transfer and stays open; a failed conference says An error occured.', async () => {
    const events = userEvent.setup({ delay: null });
    const refusal = 'This number is on the do-not-call list.';
    const transfer = vi.fn(() =>
      Promise.reject(new ApiError(422, 'The given data was invalid.', { errors: { to: [refusal] } })),
    );
    const addToConference = vi.fn(() => Promise.reject(new ApiError(502, 'Bad gateway')));
    const state = { ...initialPhoneState, statusText: 'Active' as const, call: call('v3:far') };
    const { onClose } = renderModal(state, { transfer, addToConference });
    const dialog = await screen.findByRole('dialog', { name: 'Transfer or conference' });
    await events.type(within(dialog).getByLabelText('Forward number'), '5125550140');
    await events.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(transfer).toHaveBeenCalledWith('(512) 555-0140');
    expect(onClose).not.toHaveBeenCalled();
    await events.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('An error occured.'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Transfer or conference' })).toBeTruthy();
  });
});

import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { preloadModalsHostForTests } from './deferred-modals.tsx';
import { Providers } from './providers.tsx';

afterAll(() => preloadModalsHostForTests());

describe('the modals manager loads with the first dialog (decision 0063)', () => {
  it('shows a confirmation asked for before its code had loaded, and its buttons work', async () => {
    await preloadModalsHostForTests(false);
    const onConfirm = vi.fn();
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <Button
          onClick={() =>
            modals.openConfirmModal({
              title: 'Delete the view?',
              children: 'It cannot be undone.',
              labels: { confirm: 'Yes, delete it!', cancel: 'Cancel' },
              onConfirm,
            })
          }
        >
          Delete
        </Button>
      </Providers>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the view?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    // Once loaded it stays: the next dialog opens straight away.
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the view?' })).toBeTruthy();
  });
});

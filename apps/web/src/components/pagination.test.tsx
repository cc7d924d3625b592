import { MantineProvider } from '@mantine/core';
import { defaultUserSettings } from '@switchboard/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store.ts';
import { signedInResponse } from '../test/signed-in.ts';
import { Pagination } from './pagination.tsx';

const meta = { total: 120, current_page: 1, per_page: 50, from: 1, to: 50, last_page: 3 };

function renderPagination(paginationScroll: boolean) {
  authStore.signIn(signedInResponse([], { settings: { ...defaultUserSettings, pagination_scroll: paginationScroll } }));
  const onPageChange = vi.fn();
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  render(
    <MantineProvider env="test">
      <Pagination meta={meta} onPageChange={onPageChange} />
    </MantineProvider>,
  );
  return { onPageChange, scrollTo };
}

afterEach(() => {
  authStore.clear();
  vi.restoreAllMocks();
});

describe('Pagination and the pagination_scroll setting (spec 1 §3.2)', () => {
  it('scrolls back to the top after changing the page when the setting is on', async () => {
    const { onPageChange, scrollTo } = renderPagination(true);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('leaves the scroll position alone when the setting is off', async () => {
    const { onPageChange, scrollTo } = renderPagination(false);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

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

describe('the page-length field (spec 1 §2.4: 1 to 500)', () => {
  function renderWithPerPage() {
    const onPerPageChange = vi.fn();
    render(
      <MantineProvider env="test">
        <Pagination meta={meta} onPageChange={vi.fn()} onPerPageChange={onPerPageChange} />
      </MantineProvider>,
    );
    return { onPerPageChange, field: screen.getByRole('textbox', { name: 'Rows per page' }) as HTMLInputElement };
  }

  it('applies a typed length on Enter, brought back into 1..500, and keeps digits only', async () => {
    const { onPerPageChange, field } = renderWithPerPage();
    await userEvent.clear(field);
    await userEvent.type(field, '6x00{Enter}');
    expect(onPerPageChange).toHaveBeenCalledWith(500);
    expect(field.value).toBe('500');
  });

  it('applies it when the field is left, steps with the arrow keys and restores an emptied field', async () => {
    const { onPerPageChange, field } = renderWithPerPage();
    await userEvent.clear(field);
    await userEvent.type(field, '20');
    await userEvent.tab();
    expect(onPerPageChange).toHaveBeenLastCalledWith(20);
    await userEvent.click(field);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(onPerPageChange).toHaveBeenLastCalledWith(22);
    await userEvent.clear(field);
    await userEvent.tab();
    expect(field.value).toBe('50');
  });
});

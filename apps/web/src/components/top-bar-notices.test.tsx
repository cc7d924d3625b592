import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTopBarNotices, noticeDurationMs, showTopBarNotice, TopBarNotices } from './top-bar-notices.tsx';

function renderNotices() {
  return render(
    <MantineProvider env="test">
      <TopBarNotices />
    </MantineProvider>,
  );
}

describe('top-bar notices (spec 1 §2.4, §9: each clears after 10 seconds)', () => {
  afterEach(() => {
    clearTopBarNotices();
    vi.useRealTimers();
  });

  it('shows a notice and clears it after 10 seconds', () => {
    vi.useFakeTimers();
    renderNotices();
    act(() => showTopBarNotice('Permissions Updated'));
    expect(screen.getByText('Permissions Updated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(noticeDurationMs - 1));
    expect(screen.getByText('Permissions Updated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Permissions Updated')).toBeNull();
  });

  it('keeps one badge per text, and showing it again restarts its 10 seconds', () => {
    vi.useFakeTimers();
    renderNotices();
    act(() => showTopBarNotice('Settings Updated'));
    act(() => vi.advanceTimersByTime(6_000));
    act(() => {
      showTopBarNotice('Settings Updated');
      showTopBarNotice('Account Locked');
    });
    expect(screen.getAllByText('Settings Updated')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(6_000));
    expect(screen.getByText('Settings Updated')).toBeTruthy();
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.queryByText('Settings Updated')).toBeNull();
    expect(screen.queryByText('Account Locked')).toBeNull();
  });
});

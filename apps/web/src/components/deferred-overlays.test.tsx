import { ActionIcon, MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Drawer, loadOverlays, Menu, setOverlaysLoadedForTests, Tooltip } from './deferred-overlays.tsx';

beforeEach(() => setOverlaysLoadedForTests(false));
afterAll(async () => {
  await loadOverlays();
  setOverlaysLoadedForTests(true);
});

function TestMenu({ onOpen, withTooltip = false }: { onOpen: () => void; withTooltip?: boolean }) {
  const target = <ActionIcon aria-label="User menu">U</ActionIcon>;
  return (
    <Menu onOpen={onOpen}>
      <Menu.Target>{withTooltip ? <Tooltip label="Your account">{target}</Tooltip> : target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>My Profile</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const renderInMantine = (node: React.ReactNode) => render(<MantineProvider env="test">{node}</MantineProvider>);

describe("the shell's menus and tooltips load on first use (decision 0063)", () => {
  it('renders the target alone until used: no menu code, no dropdown', async () => {
    renderInMantine(<TestMenu onOpen={vi.fn()} />);
    const target = screen.getByRole('button', { name: 'User menu' });
    // Mantine's Menu.Target marks its target; the stand-in does not.
    expect(target.getAttribute('aria-haspopup')).toBeNull();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens a menu clicked before its code had loaded, once it has, and calls onOpen', async () => {
    const onOpen = vi.fn();
    renderInMantine(<TestMenu onOpen={onOpen} />);
    // Pressed at once, before the pointer's arrival has loaded anything.
    await userEvent.setup({ skipHover: true }).click(screen.getByRole('button', { name: 'User menu' }));
    await act(() => loadOverlays());
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toBeTruthy();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'User menu' }).getAttribute('aria-haspopup')).toBe('menu');
  });

  it('gives focus back to the target the swap replaced', async () => {
    renderInMantine(<TestMenu onOpen={vi.fn()} withTooltip />);
    const before = screen.getByRole('button', { name: 'User menu' });
    act(() => before.focus());
    expect(document.activeElement).toBe(before);
    await act(() => loadOverlays());
    const after = screen.getByRole('button', { name: 'User menu' });
    expect(after).not.toBe(before);
    expect(document.activeElement).toBe(after);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('a drawer opened before its code had loaded shows once it has', async () => {
    renderInMantine(
      <Drawer opened onClose={vi.fn()} title="Chat">
        Rooms
      </Drawer>,
    );
    expect(await screen.findByRole('dialog', { name: 'Chat' })).toBeTruthy();
    expect(screen.getByText('Rooms')).toBeTruthy();
  });
});

import { useEffect } from 'react';
import { lockStore } from '../../lib/account-lock.ts';
import { authStore } from '../../lib/auth-store.ts';
import { useAccountLocked } from '../../lib/socket.ts';
import { postLock, refreshLockScreenUser } from './api/lock.ts';

/** Ctrl+L (spec 1 §2.4): shows the lock screen at once, then locks the session on the server. */
export function lockSession(): void {
  if (!authStore.getState().accessToken || lockStore.getState().locked) return;
  lockStore.lock();
  // The server's 423 answer to GET /api/session then names whom the screen is for (the one shadowing, when shadowing).
  postLock().then(refreshLockScreenUser, () => undefined);
}

function isLockShortcut(event: KeyboardEvent): boolean {
  return event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey && event.key.toLowerCase() === 'l';
}

/** Ctrl+L anywhere in the signed-in app locks the session. */
export function useLockShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isLockShortcut(event)) return;
      event.preventDefault();
      lockSession();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** Another tab of this browser locked or unlocked the same session (its token id in localStorage): follow it. */
export function useLockFromOtherTabs(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      lockStore.syncFromStorage(event);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/**
 * The 'AccountLocked' { token_id } event on the user's private channel (spec 1 §4, §7.8): a lock of this tab's own
 * session (from any tab or browser holding the same token) shows the lock screen here too.
 */
export function useLockOnAccountLockedEvent(): void {
  useAccountLocked((event) => {
    if (event.isCurrentSession) lockStore.lock();
  });
}

/** Everything the signed-in shell needs for the lock screen: the shortcut, other tabs, the realtime event. */
export function useAccountSecurity(): void {
  useLockShortcut();
  useLockFromOtherTabs();
  useLockOnAccountLockedEvent();
}

// What the shell mounts: the lock screen, the shadow banner and the hook for Ctrl+L, other tabs and the realtime event.
export { LockScreen } from './components/lock-screen-lazy.tsx';
export { ShadowBanner } from './components/shadow-banner.tsx';
export { lockSession, useAccountSecurity, useLockOnAccountLockedEvent } from './use-account-security.ts';

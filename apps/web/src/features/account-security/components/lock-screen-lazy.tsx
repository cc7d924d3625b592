import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

// The lock screen is rarely shown: its code loads when it is, not with the shell.
const LockScreenPage = lazy(() => import('./lock-screen.tsx').then((module) => ({ default: module.LockScreen })));

export function LockScreen() {
  return (
    <Suspense
      fallback={
        <Center mih="100vh">
          <Loader aria-label="Loading the lock screen" />
        </Center>
      }
    >
      <LockScreenPage />
    </Suspense>
  );
}

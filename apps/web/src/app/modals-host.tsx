import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** Mantine's modals manager, loaded with the first dialog (deferred-modals.tsx); it then replays what was asked of it. */
export function ModalsHost({ onReady }: { onReady: () => () => void }) {
  // The provider's own listeners are in place by now (they are added in a layout effect, before this one runs).
  useEffect(onReady, [onReady]);
  return <ModalsProvider />;
}

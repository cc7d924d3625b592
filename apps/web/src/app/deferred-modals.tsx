import { lazy, Suspense, useEffect, useState } from 'react';

type Host = typeof import('./modals-host.tsx');

// Mantine's `modals.open()`, `modals.openConfirmModal()`... announce a dialog as a window event that ModalsProvider
// hears (createUseExternalEvents('mantine-modals')); the events that open one are the ones to keep until it listens.
const openEvents = ['openModal', 'openConfirmModal', 'openContextModal'].map((name) => `mantine-modals:${name}`);

let loadedHost: Host | null = null;
const loadHost = () =>
  import('./modals-host.tsx').then((module) => {
    loadedHost = module;
    return module;
  });
const LazyModalsHost = lazy(() => loadHost().then((module) => ({ default: module.ModalsHost })));

/** For tests: the host from the first render on, as before it was deferred (or, with false, loaded on demand again). */
export async function preloadModalsHostForTests(preloaded = true): Promise<void> {
  if (preloaded) await loadHost();
  else loadedHost = null;
}

const pending: CustomEvent[] = [];
let hostListening = false;

/** The host listens: hand it what was asked meanwhile. Until it is gone again (tests render the app many times). */
function replay(): () => void {
  hostListening = true;
  for (const event of pending.splice(0)) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  return () => {
    hostListening = false;
  };
}

/**
 * Mantine's modals manager (ModalsProvider with Modal, its scroll lock and focus trap: about 8 kB gzipped) loads with
 * the first dialog, not with every page (decision 0063). Until then the dialogs asked for are kept, and shown once it
 * has loaded. Dialogs are opened through `modals` from '@mantine/modals' (no `useModals()` context: there is none to
 * read before the first one).
 */
export function DeferredModals() {
  const [wanted, setWanted] = useState(() => loadedHost !== null);
  // Kept from the first dialog until the host listens (its code may take a moment to arrive).
  useEffect(() => {
    const keep = (event: Event) => {
      if (hostListening) return;
      pending.push(event as CustomEvent);
      setWanted(true);
    };
    for (const name of openEvents) window.addEventListener(name, keep);
    return () => {
      for (const name of openEvents) window.removeEventListener(name, keep);
    };
  }, []);
  if (!wanted) return null;
  const Host = loadedHost?.ModalsHost ?? LazyModalsHost;
  return (
    <Suspense fallback={null}>
      <Host onReady={replay} />
    </Suspense>
  );
}

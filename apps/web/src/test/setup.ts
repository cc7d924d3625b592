import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadModalsHostForTests } from '../app/deferred-modals.tsx';
import { loadOverlays } from '../components/deferred-overlays.tsx';
import { resetApiClientForTests } from '../lib/api-client.ts';
import { authStore } from '../lib/auth-store.ts';

// The first render of a test file compiles the lazy page modules on the fly, which can take a few seconds.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs Mantine reads on mount.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// jsdom has no FontFaceSet; Mantine's autosize textareas listen on it.
if (!document.fonts) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
window.scrollTo = () => {};

// The app loads the shell's menus, tooltips and the modals manager on first use (decision 0063); tests get them from the
// first render on, as a user does once they have loaded (deferred-overlays.test.tsx tests the loading itself).
await Promise.all([loadOverlays(), preloadModalsHostForTests()]);

afterEach(() => {
  cleanup();
  authStore.clear();
  resetApiClientForTests();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

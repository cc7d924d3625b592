import { useSyncExternalStore } from 'react';

/** Shell state that outlives a page: the stored sidebar-open flag and the browser's online flag (spec 1 §2.4). */
export interface UiState {
  sidebarOpen: boolean;
  online: boolean;
}

export const sidebarStorageKey = 'sidebar_open';

function readSidebarOpen(): boolean {
  try {
    return window.localStorage.getItem(sidebarStorageKey) !== '0';
  } catch {
    return true;
  }
}

let state: UiState = {
  sidebarOpen: readSidebarOpen(),
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};
const listeners = new Set<() => void>();

function setState(patch: Partial<UiState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const uiStore = {
  getState: (): UiState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setSidebarOpen(open: boolean): void {
    try {
      window.localStorage.setItem(sidebarStorageKey, open ? '1' : '0');
    } catch {
      // Not stored: the flag lasts as long as the page.
    }
    setState({ sidebarOpen: open });
  },
  toggleSidebar(): void {
    uiStore.setSidebarOpen(!state.sidebarOpen);
  },
  setOnline(online: boolean): void {
    if (online !== state.online) setState({ online });
  },
};

export function useUi<T>(selector: (state: UiState) => T): T {
  return useSyncExternalStore(
    uiStore.subscribe,
    () => selector(state),
    () => selector(state),
  );
}

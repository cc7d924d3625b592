import { useSyncExternalStore } from 'react';
import type {
  AgentSettings,
  Notification,
  SessionResponse,
  SessionUser,
  SignedInResponse,
  TokenResponse,
} from '@switchboard/shared';

/** localStorage keys of the tokens (spec 1 §4 Session); the e2e login fixture writes the same keys. */
export const tokenStorageKeys = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  tokenId: 'token_id',
} as const;

export interface AuthState {
  accessToken: string | null;
  refreshToken: string | null;
  tokenId: string | null;
  /** Null until the login answer or GET /api/session has arrived. */
  user: SessionUser | null;
  permissions: readonly string[];
  notifications: readonly Notification[];
  agentSettings: AgentSettings | null;
}

type Listener = () => void;

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the session then lasts as long as the page.
  }
}

function readTokens(): Pick<AuthState, 'accessToken' | 'refreshToken' | 'tokenId'> {
  return {
    accessToken: readStorage(tokenStorageKeys.accessToken),
    refreshToken: readStorage(tokenStorageKeys.refreshToken),
    tokenId: readStorage(tokenStorageKeys.tokenId),
  };
}

const signedOut: Omit<AuthState, 'accessToken' | 'refreshToken' | 'tokenId'> = {
  user: null,
  permissions: [],
  notifications: [],
  agentSettings: null,
};

let state: AuthState = { ...readTokens(), ...signedOut };
const listeners = new Set<Listener>();

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

function persistTokens(tokens: TokenResponse): void {
  writeStorage(tokenStorageKeys.accessToken, tokens.access_token);
  writeStorage(tokenStorageKeys.refreshToken, tokens.refresh_token);
  writeStorage(tokenStorageKeys.tokenId, String(tokens.token_id));
}

/** The signed-in session: tokens in localStorage, user and permissions in memory (reloaded from GET /api/session). */
export const authStore = {
  getState(): AuthState {
    return state;
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Stores the answer of a finished sign-in (POST /api/login without two-factor). */
  signIn(response: SignedInResponse): void {
    persistTokens(response);
    setState({
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      tokenId: String(response.token_id),
      user: response.user,
      permissions: response.permissions,
      notifications: response.notifications ?? [],
      agentSettings: response.agent_settings ?? null,
    });
  },

  /** Stores the tokens of POST /api/login/refresh; the user stays the same. */
  setTokens(tokens: TokenResponse): void {
    persistTokens(tokens);
    setState({
      ...state,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      tokenId: String(tokens.token_id),
    });
  },

  /** Stores the answer of GET /api/session (boot after a reload). */
  setSession(session: SessionResponse['data']): void {
    setState({
      ...state,
      tokenId: session.token_id ? String(session.token_id) : state.tokenId,
      user: session.user,
      permissions: session.permissions,
      notifications: session.notifications ?? [],
      agentSettings: session.agent_settings ?? null,
    });
  },

  /** Live permission updates (spec 1 §6) replace the whole list. */
  setPermissions(permissions: readonly string[]): void {
    setState({ ...state, permissions });
  },

  /** Forgets the session locally: tokens, user, permissions. */
  clear(): void {
    writeStorage(tokenStorageKeys.accessToken, null);
    writeStorage(tokenStorageKeys.refreshToken, null);
    writeStorage(tokenStorageKeys.tokenId, null);
    setState({ accessToken: null, refreshToken: null, tokenId: null, ...signedOut });
  },

  /** Re-reads the tokens from localStorage (another tab signed in or out). */
  syncFromStorage(): void {
    const tokens = readTokens();
    if (tokens.accessToken === state.accessToken && tokens.refreshToken === state.refreshToken) return;
    if (!tokens.accessToken) {
      setState({ ...tokens, ...signedOut });
      return;
    }
    // A new token id may belong to another user: drop the user so the session is loaded again.
    const sameSession = tokens.tokenId !== null && tokens.tokenId === state.tokenId;
    setState(sameSession ? { ...state, ...tokens } : { ...signedOut, ...tokens });
  },
};

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useSyncExternalStore(
    authStore.subscribe,
    () => selector(authStore.getState()),
    () => selector(authStore.getState()),
  );
}

export function useAccessToken(): string | null {
  return useAuth((s) => s.accessToken);
}

export function useCurrentUser(): SessionUser | null {
  return useAuth((s) => s.user);
}

export function usePermissions(): readonly string[] {
  return useAuth((s) => s.permissions);
}

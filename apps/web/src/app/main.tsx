import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { configureApiClient } from '../lib/api-client.ts';
import { authStore, tokenStorageKeys } from '../lib/auth-store.ts';
import { loginPathFor } from '../lib/login-redirect.ts';
import { queryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

const router = createAppRouter();

// Spec 1 §4: when the refresh token is refused the session is over: back to login, then back here after signing in.
configureApiClient({
  onSessionExpired: () => {
    queryClient.clear();
    void router.navigate(loginPathFor(router.state.location), { replace: true });
  },
});

// Another tab signed out (back to login, as after a logout here) or in as someone else (the shell reloads the user).
const tokenKeys: string[] = Object.values(tokenStorageKeys);
window.addEventListener('storage', (event) => {
  if (event.key !== null && !tokenKeys.includes(event.key)) return;
  const hadToken = Boolean(authStore.getState().accessToken);
  authStore.syncFromStorage();
  const onProtectedPage = router.state.matches.some((match) => match.route.id === 'app');
  if (hadToken && !authStore.getState().accessToken && onProtectedPage) {
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

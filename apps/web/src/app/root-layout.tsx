import { Center, Loader } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useAccessToken } from '../lib/auth-store.ts';
import { formatPageTitle } from '../lib/page-title.ts';
import { titleFromMatches } from '../lib/route-access.ts';
import { uiStore, useUi } from '../lib/ui-store.ts';
import { RouteProgress } from './route-progress.tsx';

/** Around every screen, signed in or not: title reset, body markers, online flag, route progress bar. */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const title = titleFromMatches(matches);
  const accessToken = useAccessToken();
  const sidebarOpen = useUi((s) => s.sidebarOpen);

  // Spec 1 §2: the title is reset on every navigation. A layout effect runs before the pages' own (passive) effects,
  // so a page that sets a more precise title (usePageTitle) still wins.
  useLayoutEffect(() => {
    document.title = formatPageTitle(title);
  }, [location.key, title]);

  // Spec 1 §2.4: body markers for the session and the stored sidebar flag.
  useEffect(() => {
    document.body.classList.toggle('logged-in', Boolean(accessToken));
    document.body.classList.toggle('logged-out', !accessToken);
  }, [accessToken]);
  useEffect(() => {
    document.body.classList.toggle('sidebar-collapsed', !sidebarOpen);
  }, [sidebarOpen]);

  // Spec 1 §2.4: the browser's online/offline events set the online flag.
  useEffect(() => {
    const update = () => uiStore.setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  return (
    <>
      <RouteProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** What shows while the first screen loads (its code chunk, the session for a stored token). */
export function BootScreen() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

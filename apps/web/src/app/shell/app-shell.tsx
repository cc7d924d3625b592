import { Alert, AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { LockScreen, ShadowBanner, useAccountSecurity } from '../../features/account-security/index.ts';
import { SoftphoneDock } from '../../features/softphone/softphone-dock.tsx';
import { useLockState } from '../../lib/account-lock.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useRouteHistory } from '../../lib/route-history.ts';
import { loadSession } from '../../lib/session.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { uiStore, useUi } from '../../lib/ui-store.ts';
import { LiveSession } from './live-session.tsx';
import { RouteGate } from './route-gate.tsx';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

/** Spec 1 §2.4: top bar, dark sidebar, content area. Every signed-in page renders inside it. */
export function AppShellLayout() {
  const accessToken = useAuth((s) => s.accessToken);
  const user = useAuth((s) => s.user);
  const sidebarOpen = useUi((s) => s.sidebarOpen);
  const online = useUi((s) => s.online);
  const [mobileOpen, mobile] = useDisclosure(false);

  // Spec 1 §6: employees load the basic boot data once after sign-in; it stays in the query cache.
  useStaticData();
  useRouteHistory();

  // Spec 1 §2.4: Ctrl+L, and a lock from another tab or the realtime channel, show the lock screen.
  const locked = useLockState((s) => s.locked);
  useAccountSecurity();

  // The token can change under the shell (another tab signed in as someone else): load that user.
  useEffect(() => {
    if (accessToken && !user && !locked) loadSession().catch(() => undefined);
  }, [accessToken, user, locked]);

  // Spec 1 §2.4: the lock screen replaces the app while the session is locked or no user is loaded (a token of
  // another sign-in, or a session that could not be read); the user's arrival brings the app back.
  if (accessToken && (locked || !user)) return <LockScreen />;

  // Without a token the router is already on its way to /login (the /logout loader, an expired session, a logout in
  // another tab: see main.tsx).
  if (!accessToken || !user) {
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading your session" />
      </Center>
    );
  }

  return (
    <AppShell
      layout="alt"
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !sidebarOpen } }}
      padding="lg"
    >
      <LiveSession />
      <SoftphoneDock />
      <AppShell.Header className={classes.header}>
        <TopBar
          sidebarOpen={sidebarOpen}
          onToggleSidebar={uiStore.toggleSidebar}
          mobileOpen={mobileOpen}
          onToggleMobile={mobile.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar} aria-label="Main navigation">
        <Sidebar onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        {online ? null : (
          <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden />} mb="md" role="status">
            You are offline
          </Alert>
        )}
        <ShadowBanner />
        <RouteGate />
      </AppShell.Main>
    </AppShell>
  );
}

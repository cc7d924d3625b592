import { useMantineColorScheme } from '@mantine/core';
import {
  FONT_SIZE_SCALE,
  mergeUserSettings,
  rootFontSizeRem,
  type AgentSettings,
  type PermissionsUpdatedPayload,
  type SettingsUpdatedPayload,
  type UserSettings,
} from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { showTopBarNotice, topBarNoticeTexts } from '../../components/top-bar-notices.tsx';
import { addNotificationToCache } from '../../features/notifications/api/notifications.ts';
import { setTimeclockInCache } from '../../features/timeclock/api/timeclock.ts';
import { authStore, useAuth } from '../../lib/auth-store.ts';
import { loadSession } from '../../lib/session.ts';
import { useRealtimeConnection, useUserEvent } from '../../lib/socket.ts';
import { uiStore } from '../../lib/ui-store.ts';

/** localStorage key: the session (token id) whose sign-in already applied the expand_sidebar setting. */
const sidebarAppliedForKey = 'sidebar_setting_session';
const noAgentSettings: AgentSettings = { has_settings: false, phone_number: null, username: null, callback_number: null, connection_id: null };

/** Puts new settings on the signed-in user (what the shell applies), keeping everything else of the session. */
function setUserSettings(settings: UserSettings): void {
  const { user, permissions, notifications, agentSettings, tokenId } = authStore.getState();
  if (!user || !tokenId) return;
  authStore.setSession({
    user: { ...user, settings },
    permissions: [...permissions],
    notifications: [...notifications],
    agent_settings: agentSettings ?? noAgentSettings,
    token_id: tokenId,
    shadowing: false,
  });
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not stored: the setting is applied again at the next load.
  }
}

/**
 * The signed-in shell's live side (spec 1 §2.4, §3.2, §4, §6, §7.8): the realtime connection and the private
 * channel's events, and the user's display settings applied to the page.
 */
export function LiveSession() {
  const queryClient = useQueryClient();
  useRealtimeConnection();

  useUserEvent<PermissionsUpdatedPayload>('PermissionsUpdated', (payload) => {
    if (!Array.isArray(payload?.permissions)) return;
    // The sidebar, section buttons and route gates read these: they update without a reload.
    authStore.setPermissions(payload.permissions.filter((name): name is string => typeof name === 'string'));
    showTopBarNotice(topBarNoticeTexts.permissionsUpdated);
  });

  useUserEvent<SettingsUpdatedPayload>('SettingsUpdated', (payload) => {
    if (!payload?.settings) return;
    const settings = mergeUserSettings(payload.settings);
    setUserSettings(settings);
    // The profile's settings form (another tab, or this one) shows the stored values.
    queryClient.setQueryData(['profile', 'settings'], settings);
    showTopBarNotice(topBarNoticeTexts.settingsUpdated);
  });

  useUserEvent('UserUpdated', () => {
    loadSession().catch(() => undefined);
    showTopBarNotice(topBarNoticeTexts.profileUpdated);
  });

  useUserEvent('AccountLocked', () => showTopBarNotice(topBarNoticeTexts.accountLocked));
  useUserEvent('NotificationCreated', (payload) => addNotificationToCache(queryClient, payload));
  useUserEvent('StatusUpdated', (payload) => setTimeclockInCache(queryClient, payload));

  useApplyUserSettings();
  return null;
}

/** Spec 1 §2.4, §3.2: dark mode, font size and sidebar expansion follow the user's settings, live. */
function useApplyUserSettings(): void {
  const stored = useAuth((s) => s.user?.settings);
  const tokenId = useAuth((s) => s.tokenId);
  const settings = stored ?? null;
  const { setColorScheme } = useMantineColorScheme();

  const darkMode = settings?.dark_mode;
  useEffect(() => {
    if (darkMode === undefined) return;
    setColorScheme(darkMode ? 'dark' : 'light');
  }, [darkMode, setColorScheme]);
  // Spec 1 §4: logout clears the settings state; the next sign-in starts from the defaults (light).
  useEffect(
    () => () => {
      if (!authStore.getState().accessToken) setColorScheme('light');
    },
    [setColorScheme],
  );

  // font_size is a percent applied as a 0.8/100 scale of the root font size (docs/decisions/0012-live-shell-web.md):
  // 100 gives a 0.8rem root; Mantine's scale is set to 1/0.8 so that 100% draws the theme at its designed size.
  const fontSize = settings?.font_size;
  useLayoutEffect(() => {
    if (fontSize === undefined) return;
    const root = document.documentElement;
    root.style.fontSize = `${rootFontSizeRem(fontSize)}rem`;
    root.style.setProperty('--mantine-scale', String(1 / (100 * FONT_SIZE_SCALE)));
    return () => {
      root.style.removeProperty('font-size');
      root.style.removeProperty('--mantine-scale');
    };
  }, [fontSize]);

  // expand_sidebar opens or closes the sidebar at each sign-in and whenever the setting changes; in between, the
  // user's own toggle (the stored flag) stands, also across reloads.
  const expandSidebar = settings?.expand_sidebar;
  const appliedValue = useRef<boolean | undefined>(undefined);
  useEffect(() => {
    if (expandSidebar === undefined || !tokenId) return;
    const previous = appliedValue.current;
    appliedValue.current = expandSidebar;
    const newSession = readStorage(sidebarAppliedForKey) !== tokenId;
    if (newSession || (previous !== undefined && previous !== expandSidebar)) {
      uiStore.setSidebarOpen(expandSidebar);
      writeStorage(sidebarAppliedForKey, tokenId);
    }
  }, [expandSidebar, tokenId]);
}

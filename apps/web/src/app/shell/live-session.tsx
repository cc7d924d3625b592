import { useMantineColorScheme } from '@mantine/core';
import {
  FONT_SIZE_SCALE,
  rootFontSizeRem,
  storeChannel,
  type AgentSettings,
  type AgentSettingsUpdatedPayload,
  type FileDownloadPayload,
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
import { downloadStoredFile } from '../../lib/download.ts';
import { useChannel, useRealtimeConnection, useUserEvent } from '../../lib/socket.ts';
import { uiStore } from '../../lib/ui-store.ts';

/** localStorage key: the session (token id) whose sign-in already applied the expand_sidebar setting. */
const sidebarAppliedForKey = 'sidebar_setting_session';
const noAgentSettings: AgentSettings = {
  has_settings: false,
  phone_number: null,
  username: null,
  callback_number: null,
  connection_id: null,
};

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

/** Puts the pushed agent settings on the session (the softphone reads them), keeping everything else. */
function setAgentSettings(agentSettings: AgentSettings): void {
  const { user, permissions, notifications, tokenId } = authStore.getState();
  if (!user || !tokenId) return;
  const session = {
    user,
    permissions: [...permissions],
    notifications: [...notifications],
    token_id: tokenId,
    shadowing: false,
  };
  authStore.setSession({ ...session, agent_settings: agentSettings });
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

  useUserEvent<SettingsUpdatedPayload>('SettingsUpdated', async (payload) => {
    if (!payload?.settings) return;
    // zod (behind the merge) is loaded with the first event, not with the shell (decision 0029).
    const { mergeUserSettings } = await import('@switchboard/shared/settings');
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

  useUserEvent<AgentSettingsUpdatedPayload>('AgentSettingsUpdated', (payload) => {
    if (payload?.agent_settings) setAgentSettings(payload.agent_settings);
  });
  // A file the server prepared for this user is ready (decision 0036); it is fetched like any stored file.
  useUserEvent<FileDownloadPayload>('FileDownload', (payload) => {
    if (typeof payload?.file !== 'string' || typeof payload.name !== 'string') return;
    downloadStoredFile(payload.file, payload.name).catch(() => undefined);
  });
  // Regions, campaigns and voicemails are static data (spec 1 §3.3): read again when staff change them.
  const refreshStaticData = () => void queryClient.invalidateQueries({ queryKey: ['misc', 'staticdata'] });
  const staff = useAuth((state) => state.user?.type === 'Employee');
  useChannel(staff ? storeChannel : null, {
    RegionUpdated: refreshStaticData,
    CampaignUpdated: refreshStaticData,
    VerticalUpdated: refreshStaticData,
    VoicemailUpdated: refreshStaticData,
  });

  useUserEvent('AccountLocked', () => showTopBarNotice(topBarNoticeTexts.accountLocked));
  useUserEvent('NotificationCreated', (payload) => void addNotificationToCache(queryClient, payload));
  useUserEvent('StatusUpdated', (payload) => void setTimeclockInCache(queryClient, payload));

  useApplyUserSettings();
  return null;
}

/** The CSS variable of Mantine tables' highlighted (hovered) row, set on the root so that every table inherits it. */
const highlightColorVariable = '--table-highlight-on-hover-color';

/** Spec 1 §2.4, §3.2: dark mode, font size, highlight colour and sidebar expansion follow the user's settings, live. */
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

  // highlight_color is the colour of highlighted rows: Mantine's hover highlight reads this inherited variable.
  const highlightColor = settings?.highlight_color;
  useLayoutEffect(() => {
    if (!highlightColor) return;
    const root = document.documentElement;
    root.style.setProperty(highlightColorVariable, highlightColor);
    return () => {
      root.style.removeProperty(highlightColorVariable);
    };
  }, [highlightColor]);

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

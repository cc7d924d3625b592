import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserShield } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { authStore, useCurrentUser } from '../../../lib/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { loadSession } from '../../../lib/session.ts';
import { readReAuthCode, shadowStore, useShadowState } from '../../../lib/shadow.ts';
import { useEndShadow, useExtendShadow } from '../api/shadow.ts';
import { formatCountdown, millisecondsUntil } from '../format-countdown.ts';

const failedMessage = 'An error occured.';

/** Re-renders every second while mounted and returns the current time. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Spec 1 §2.4 shadow banner: who is shadowing whom, a live countdown to the re-auth code's expires_at, Extend Shadow
 * and End Shadowing (both post the re-auth code). Ending restores the original user and goes to the dashboard.
 */
export function ShadowBanner() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const shadowing = useShadowState((s) => s.shadowing);
  const shadowUser = useShadowState((s) => s.shadowUser);
  const expiresAt = useShadowState((s) => s.expiresAt);
  const now = useNow(shadowing);
  const extend = useExtendShadow();
  const end = useEndShadow();
  const remaining = millisecondsUntil(expiresAt, now);
  const expiredChecked = useRef<string | null>(null);

  // At expires_at the server ends the shadow session: ask it, so that the app follows (back to login).
  useEffect(() => {
    if (!shadowing || !expiresAt || remaining > 0 || expiredChecked.current === expiresAt) return;
    expiredChecked.current = expiresAt;
    loadSession().catch(() => undefined);
  }, [shadowing, expiresAt, remaining]);

  if (!shadowing || !user) return null;

  const showError = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: isApiError(error) && error.hasServerMessage ? error.message : failedMessage,
    });

  const onExtend = () => {
    const code = readReAuthCode();
    if (!code) {
      showError(null);
      return;
    }
    extend.mutate(code, {
      onSuccess: (response) => {
        shadowStore.setExpiresAt(response.re_auth_code?.expires_at ?? response.expires_at);
        if (response.message) notifications.show({ color: 'green', message: response.message });
      },
      onError: showError,
    });
  };

  const onEnd = () => {
    const code = readReAuthCode();
    // Without the code (storage cleared) the shadow session can only be signed out of.
    if (!code) {
      void navigate('/logout', { replace: true });
      return;
    }
    end.mutate(code, {
      onSuccess: (response) => {
        queryClient.clear();
        authStore.signIn(response);
        shadowStore.clear();
        // The whole session state (settings, shadowing off) as after a reload, then the dashboard.
        loadSession().catch(() => undefined);
        void navigate('/dashboard', { replace: true });
      },
      onError: showError,
    });
  };

  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconUserShield aria-hidden />}
      mb="md"
      role="region"
      aria-label="Shadow session"
      data-testid="shadow-banner"
    >
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Text size="sm" fw={500}>
            You are currently signed in as {shadowUser?.name ?? 'an employee'} shadowing {user.name}
          </Text>
          <Text size="sm">
            For security purposes this shadow session will end in{' '}
            <Text span fw={600} ff="monospace" data-testid="shadow-countdown" aria-live="off">
              {formatCountdown(remaining)}
            </Text>
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onExtend} loading={extend.isPending} disabled={end.isPending}>
            Extend Shadow
          </Button>
          <Button size="xs" color="orange" onClick={onEnd} loading={end.isPending} disabled={extend.isPending}>
            End Shadowing
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

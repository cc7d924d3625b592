import {
  Alert,
  Anchor,
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { invalidPasswordMessage } from '@switchboard/shared';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { lockStore, useLockState } from '../../../lib/account-lock.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { authStore, useCurrentUser } from '../../../lib/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useLockedLogin } from '../api/lock.ts';

/**
 * Spec 1 §2.4, §4, §8: replaces the app while the session is locked. The user's photo (or initials) and name, the
 * password, Login, Forgot Password and '(Not You?)', which logs out. A wrong password shows 'Invalid password.'; a
 * 500 (or a session that no longer exists) logs out; success stores the new tokens and the app comes back as it was.
 */
export function LockScreen() {
  const navigate = useNavigate();
  const lockUser = useLockState((s) => s.user);
  const sessionUser = useCurrentUser();
  const shown =
    lockUser ?? (sessionUser ? { name: sessionUser.name, photo: sessionUser.photo, email: sessionUser.email } : null);
  const [password, setPassword] = useState('');
  // Only asked for when nobody is known (a reload whose access token had also expired).
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unlock = useLockedLogin();

  const logOut = () => void navigate('/logout', { replace: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unlock.isPending) return;
    const { refreshToken, tokenId } = authStore.getState();
    if (!refreshToken || !tokenId) {
      logOut();
      return;
    }
    if (!password) {
      setError('The password field is required.');
      return;
    }
    setError(null);
    unlock.mutate(
      { email: shown?.email ?? email.trim(), password, refresh_token: refreshToken, token_id: tokenId },
      {
        onSuccess: (tokens) => {
          authStore.setTokens(tokens);
          lockStore.unlock();
          // What failed with 423 while locked loads again.
          void queryClient.invalidateQueries();
        },
        onError: (failure) => {
          setPassword('');
          if (!isApiError(failure)) {
            setError(invalidPasswordMessage);
            return;
          }
          // Spec 1 §4: a server status of 500 logs the user out; so does a session that is gone (401).
          if (failure.status >= 500 || failure.status === 401) {
            logOut();
            return;
          }
          if (failure.status === 422) {
            setError(failure.errors?.password?.[0] ?? invalidPasswordMessage);
            return;
          }
          setError(failure.hasServerMessage ? failure.message : invalidPasswordMessage);
        },
      },
    );
  };

  return (
    <Center mih="100vh" p="md" bg="gray.1" component="main" aria-label="Lock screen">
      <Box w="100%" maw={380}>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <form onSubmit={submit} noValidate>
            <Stack gap="md" align="stretch">
              <Stack gap="xs" align="center">
                <Avatar
                  src={shown?.photo ?? null}
                  name={shown?.name ?? ''}
                  color="initials"
                  size={84}
                  radius={84}
                  alt=""
                >
                  {shown ? undefined : <IconLock size={36} aria-hidden />}
                </Avatar>
                <Title order={1} size="h3" ta="center">
                  {shown?.name ?? 'Session Locked'}
                </Title>
                <Text size="sm" c="dimmed" ta="center">
                  This session is locked. Enter your password to continue.
                </Text>
              </Stack>
              {error ? (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {error}
                </Alert>
              ) : null}
              {shown ? null : (
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
              )}
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  if (error) setError(null);
                }}
              />
              <Button type="submit" fullWidth loading={unlock.isPending}>
                Login
              </Button>
              <Group justify="space-between" wrap="nowrap">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  Forgot Password
                </Anchor>
                <Anchor component={Link} to="/logout" size="sm">
                  (Not You?)
                </Anchor>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Box>
    </Center>
  );
}

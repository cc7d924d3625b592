import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { Link, useMatches } from 'react-router';
import { routeHandle } from '../../lib/route-access.ts';
import { LoginForm } from './login-form.tsx';

/** The version label of the login screen (spec 1 §1). */
export const appVersionLabel = 'V1.44';

type AuthMode = 'login' | 'forgotpassword' | 'resetpassword';

function useAuthMode(): AuthMode {
  const name = [...useMatches()].reverse().map(routeHandle).find((handle) => handle.name)?.name;
  return name === 'forgotpassword' || name === 'resetpassword' ? name : 'login';
}

/** Spec 1 §2.3: the login, forgotpassword and resetpassword routes share this screen. */
export function AuthScreen() {
  const mode = useAuthMode();
  return (
    <Center mih="100vh" p="md" bg="gray.1">
      <Box w="100%" maw={400}>
        <Group justify="center" gap="xs" mb="lg">
          <ThemeIcon size={40} radius="md" variant="filled">
            <IconHeadset size={24} stroke={1.8} aria-hidden />
          </ThemeIcon>
          <Text fz={24} fw={700}>
            Switchboard
          </Text>
        </Group>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          {mode === 'login' ? <LoginForm /> : <PasswordResetUnavailable mode={mode} />}
        </Paper>
        <Text ta="center" size="xs" c="dimmed" mt="md">
          {appVersionLabel}
        </Text>
      </Box>
    </Center>
  );
}

/** Password reset comes with the account-security issue; until then the screen says so and leads back to login. */
function PasswordResetUnavailable({ mode }: { mode: 'forgotpassword' | 'resetpassword' }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {mode === 'forgotpassword' ? 'Forgot Password' : 'Reset Password'}
      </Title>
      <Text c="dimmed">Password reset is not available yet. Please ask an administrator to reset your password.</Text>
      <Anchor component={Link} to="/login">
        Back to Login
      </Anchor>
    </Stack>
  );
}

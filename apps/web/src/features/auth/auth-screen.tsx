import { Box, Center, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { useMatches } from 'react-router';
import { routeHandle } from '../../lib/route-access.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';

/** The version label of the login screen (spec 1 §1). */
export const appVersionLabel = 'V1.44';

type AuthMode = 'login' | 'forgotpassword' | 'resetpassword';

function useAuthMode(): AuthMode {
  const name = [...useMatches()]
    .reverse()
    .map(routeHandle)
    .find((handle) => handle.name)?.name;
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
          {mode === 'login' ? (
            <LoginForm />
          ) : mode === 'forgotpassword' ? (
            <ForgotPasswordForm />
          ) : (
            <ResetPasswordForm />
          )}
        </Paper>
        <Text ta="center" size="xs" c="dimmed" mt="md">
          {appVersionLabel}
        </Text>
      </Box>
    </Center>
  );
}

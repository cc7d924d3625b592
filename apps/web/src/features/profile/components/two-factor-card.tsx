import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  currentPasswordRequiredMessage,
  invalidPasswordMessage,
  twoFactorFailedMessage,
  type TwoFactorSetupResponse,
} from '@switchboard/shared';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CodeInput, codeNumbersOnlyHint, emptyCode, joinCode } from '../../../components/code-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useShadowState } from '../../../lib/shadow.ts';
import { useConfirmTwoFactor, useDisableTwoFactor, useSetupTwoFactor, useTwoFactorStatus } from '../api/two-factor.ts';

const failedMessage = 'An error occured.';

function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 422)
    return getFormErrors(error).fields.code ?? getFormErrors(error).fields.password ?? fallback;
  return isApiError(error) && error.hasServerMessage ? error.message : failedMessage;
}

/**
 * Issue 3 part 1: the user's own two-factor (TOTP). State Enabled / Disabled (spec 1 §5); enabling shows the QR code
 * and the secret once and is confirmed with a code from the app; disabling asks for the password.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const shadowing = useShadowState((s) => s.shadowing);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Two-Factor Authentication
          </Title>
          {status.data ? (
            <Badge
              color={status.data.enabled ? 'green' : 'gray'}
              variant="light"
              size="lg"
              data-testid="twofactor-status"
            >
              {status.data.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          With two-factor authentication on, signing in asks for a 6-digit code from an authenticator app after your
          password.
        </Text>
        {status.isPending ? <Loader size="sm" aria-label="Loading two-factor status" /> : null}
        {status.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {getFormErrors(status.error).message}
          </Alert>
        ) : null}
        {shadowing ? (
          <Text size="sm">Two-factor settings cannot be changed while shadowing.</Text>
        ) : status.data ? (
          status.data.enabled ? (
            <DisableTwoFactor />
          ) : (
            <EnableTwoFactor />
          )
        ) : null}
      </Stack>
    </Paper>
  );
}

function EnableTwoFactor() {
  const setup = useSetupTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [secret, setSecret] = useState<TwoFactorSetupResponse['data'] | null>(null);
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setError(null);
    setup.mutate(undefined, {
      onSuccess: (data) => {
        setSecret(data);
        setDigits(emptyCode());
      },
      onError: (failure) => setError(errorText(failure, failedMessage)),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = joinCode(digits);
    // Turning two-factor on asks for the current password, as a change of password or e-mail does (decision 0057).
    setPasswordError(currentPassword ? null : currentPasswordRequiredMessage);
    if (!code) setError(twoFactorFailedMessage);
    if (!code || !currentPassword) return;
    setError(null);
    confirm.mutate(
      { code, current_password: currentPassword },
      {
        onSuccess: (response) => notifications.show({ color: 'green', message: response.message }),
        onError: (failure) => {
          const passwordMessage = isApiError(failure) ? getFormErrors(failure).fields.current_password : undefined;
          if (passwordMessage) {
            // The code was not checked: keep it, and ask for the password again.
            setPasswordError(passwordMessage);
            setCurrentPassword('');
            return;
          }
          setError(errorText(failure, twoFactorFailedMessage));
          setDigits(emptyCode());
        },
      },
    );
  };

  if (!secret) {
    return (
      <Stack gap="sm" align="flex-start">
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Button leftSection={<IconShieldCheck size={18} aria-hidden />} onClick={start} loading={setup.isPending}>
          Enable Two-Factor
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Scan this QR code with your authenticator app, or enter the secret by hand. It is shown only now.
        </Text>
        <Group align="flex-start" gap="lg">
          <Image src={secret.qr_data_url} alt="QR code of the two-factor secret" w={200} h={200} fit="contain" />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Secret
            </Text>
            <Code fz="md" data-testid="twofactor-secret">
              {secret.secret}
            </Code>
          </Stack>
        </Group>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack gap={4} align="flex-start">
          <Text size="sm" fw={500}>
            Enter the code from the app to confirm
          </Text>
          <CodeInput label="Confirmation code" value={digits} onChange={setDigits} disabled={confirm.isPending} />
          <Text size="xs" c="dimmed">
            {codeNumbersOnlyHint}
          </Text>
        </Stack>
        <PasswordInput
          label="Current Password"
          required
          maw={360}
          description="Needed to change your own password, e-mail or two-factor authentication."
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          error={passwordError}
          disabled={confirm.isPending}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            Confirm
          </Button>
          <Button variant="default" onClick={() => setSecret(null)} disabled={confirm.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableTwoFactor() {
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError('The password field is required.');
      return;
    }
    setError(null);
    disable.mutate(
      { password },
      {
        onSuccess: (response) => {
          setPassword('');
          notifications.show({ color: 'green', message: response.message });
        },
        onError: (failure) => setError(errorText(failure, invalidPasswordMessage)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={360}>
        <PasswordInput
          label="Password"
          description="Your password, to turn two-factor authentication off."
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            Disable Two-Factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

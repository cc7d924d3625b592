import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, resetPasswordInputSchema, type ResetPasswordInput } from '@switchboard/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { authStore } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useResetPassword } from './api/password-reset.ts';

export const passwordMinHint = `Min. ${PASSWORD_MIN_LENGTH} Characters`;

type ResetPasswordValues = { password: string; password_confirmation: string; token: string };

/**
 * Spec 1 §2.3, §5: New Password (hint 'Min. 6 Characters'), Confirm Password, Update Password, with the token of the
 * mailed link (/reset-password/{token}). The server's password error shows under the field; a refused token shows
 * above the form with a way to ask for a new link. On success: login with password_update set.
 */
export function ResetPasswordForm() {
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const reset = useResetPassword();

  const form = useForm<ResetPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '', token },
    validate: schemaResolver(resetPasswordInputSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setTokenError(null);
    setErrorMessage(null);
    const input: ResetPasswordInput = { ...values, token };
    reset.mutate(input, {
      onSuccess: () => {
        // The server revoked every session of the account: whatever this browser held is over.
        if (authStore.getState().accessToken) authStore.clear();
        void navigate('/login?password_update=1', { replace: true });
      },
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        const { token: tokenMessage, ...rest } = fields;
        form.setErrors(rest);
        if (tokenMessage) setTokenError(tokenMessage);
        else if (Object.keys(rest).length === 0) setErrorMessage(message);
      },
    });
  });

  const missingToken = token === '' || form.errors.token !== undefined;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Reset Password
        </Title>
        {tokenError || missingToken ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {tokenError ?? 'This password reset link is incomplete.'}{' '}
            <Anchor component={Link} to="/forgot-password" size="sm">
              Request a new link
            </Anchor>
          </Alert>
        ) : null}
        {errorMessage ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage}
          </Alert>
        ) : null}
        <PasswordInput
          label="New Password"
          description={passwordMinHint}
          autoComplete="new-password"
          autoFocus
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          key={form.key('password_confirmation')}
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" fullWidth loading={reset.isPending}>
          Update Password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}

import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  FORGOT_PASSWORD_LOCKOUT_MS,
  forgotPasswordInputSchema,
  passwordResetSentMessage,
  type ForgotPasswordInput,
} from '@switchboard/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useForgotPassword } from './api/password-reset.ts';

/**
 * Spec 1 §2.3, §4, §9: the e-mail and Reset Password; once sent, the server's text ('Password reset link sent to your
 * email.') shows and the button stays disabled for 15 seconds.
 */
export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  const forgot = useForgotPassword();

  const form = useForm<ForgotPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInputSchema, { sync: true }),
  });

  useEffect(() => {
    if (!coolingDown) return;
    const timer = window.setTimeout(() => setCoolingDown(false), FORGOT_PASSWORD_LOCKOUT_MS);
    return () => window.clearTimeout(timer);
  }, [coolingDown]);

  const submit = form.onSubmit((values) => {
    setErrorMessage(null);
    setSentMessage(null);
    forgot.mutate(forgotPasswordInputSchema.parse(values), {
      onSuccess: (response) => {
        setSentMessage(response?.message || passwordResetSentMessage);
        setCoolingDown(true);
      },
      onError: (error) => {
        const errors = getFormErrors(error);
        form.setErrors(errors.fields);
        setErrorMessage(errors.message);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Forgot Password
        </Title>
        <Text size="sm" c="dimmed">
          Enter the e-mail address of your account and we will send you a link to reset your password.
        </Text>
        {sentMessage ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {sentMessage}
          </Alert>
        ) : null}
        {errorMessage ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth loading={forgot.isPending} disabled={coolingDown}>
          Reset Password
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}

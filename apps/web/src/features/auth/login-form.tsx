import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { invalidLoginMessage, loginInputSchema, type LoginInput } from '@switchboard/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { safeRedirectTarget } from '../../lib/login-redirect.ts';
import { postLogin } from '../../lib/session.ts';

export const passwordUpdatedMessage = 'Password has been updated. Login below.';
const twoFactorUnavailableMessage =
  'Two-factor verification is not available in this version yet. Please ask an administrator for help signing in.';

/** Spec 1 §2.3, §5: email and password (same zod schema as the server), Remember Me (no effect), Forgot Password. */
export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [banner, setBanner] = useState<string | null>(null);

  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });

  const login = useMutation({
    mutationFn: postLogin,
    onSuccess: (response) => {
      if (response.twofactor) {
        setBanner(twoFactorUnavailableMessage);
        return;
      }
      authStore.signIn(response);
      void navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        setBanner(error.hasServerMessage ? error.message : invalidLoginMessage);
        return;
      }
      const errors = getFormErrors(error);
      form.setErrors(errors.fields);
      setBanner(errors.message);
    },
  });

  const submit = form.onSubmit((values) => {
    setBanner(null);
    login.mutate(loginInputSchema.parse(values));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        {searchParams.has('password_update') && !banner ? (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />}>
            {passwordUpdatedMessage}
          </Alert>
        ) : null}
        {banner ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {banner}
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox label="Remember Me" key={form.key('remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot Password
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={login.isPending}>
          Login
        </Button>
      </Stack>
    </form>
  );
}

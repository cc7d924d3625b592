import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  invalidLoginMessage,
  loginInputSchema,
  passwordUpdatedLoginMessage,
  type LoginInput,
  type SignedInResponse,
  type TwoFactorChallenge,
} from '@switchboard/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { safeRedirectTarget, userDefaultLoginUrl } from '../../lib/login-redirect.ts';
import { postLogin } from '../../lib/session.ts';
import { TwoFactorStep } from './components/two-factor-step.tsx';

export const passwordUpdatedMessage = passwordUpdatedLoginMessage;

/**
 * Spec 1 §2.3, §4, §5: email and password (same zod schema as the server), Remember Me (no effect), Forgot Password;
 * then, when the answer says two-factor is on, the code step.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [banner, setBanner] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);

  const finishSignIn = (response: SignedInResponse) => {
    authStore.signIn(response);
    void navigate(safeRedirectTarget(searchParams.get('redirect'), userDefaultLoginUrl()), { replace: true });
  };

  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '', remember: false },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });

  const login = useMutation({
    mutationFn: postLogin,
    onSuccess: (response) => {
      if (response.twofactor) {
        // The password is not kept: the challenge alone goes with the code.
        form.setFieldValue('password', '');
        setChallenge({ twofactor: true, hash: response.hash, hash_e: response.hash_e, hash_p: response.hash_p });
        return;
      }
      finishSignIn(response);
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

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={finishSignIn}
        onBack={(message) => {
          setChallenge(null);
          setBanner(message ?? null);
        }}
      />
    );
  }

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
          <Checkbox
            label="Remember Me"
            key={form.key('remember')}
            {...form.getInputProps('remember', { type: 'checkbox' })}
          />
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

import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import {
  twoFactorChallengeExpiredMessage,
  twoFactorFailedMessage,
  type SignedInResponse,
  type TwoFactorChallenge,
} from '@switchboard/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CodeInput, codeNumbersOnlyHint, emptyCode, joinCode } from '../../../components/code-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTwoFactorLogin } from '../api/two-factor-login.ts';

interface TwoFactorStepProps {
  challenge: TwoFactorChallenge;
  onSignedIn: (response: SignedInResponse) => void;
  /** Back to the password step; with a message when the challenge no longer works. */
  onBack: (message?: string) => void;
}

/** Spec 1 §2.3, §5: the code step after the password: six single-digit boxes, the numbers-only hint, Verify. */
export function TwoFactorStep({ challenge, onSignedIn, onBack }: TwoFactorStepProps) {
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [error, setError] = useState<string | null>(null);
  const verify = useTwoFactorLogin();

  const submit = (code: string | null) => {
    if (verify.isPending) return;
    if (!code) {
      setError(twoFactorFailedMessage);
      return;
    }
    setError(null);
    verify.mutate(
      { hash: challenge.hash, hash_e: challenge.hash_e, hash_p: challenge.hash_p, code },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          // 401: the challenge expired, was used or voided by too many wrong codes; only a new sign-in helps.
          if (isApiError(failure) && failure.status === 401) {
            onBack(failure.hasServerMessage ? failure.message : twoFactorChallengeExpiredMessage);
            return;
          }
          // 429 carries the server's own text (when to try again); everything else is the spec's failure text.
          setError(
            isApiError(failure) && failure.status === 429 && failure.hasServerMessage
              ? failure.message
              : twoFactorFailedMessage,
          );
          setDigits(emptyCode());
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(joinCode(digits));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          Two-Factor Verification
        </Title>
        <Text size="sm" c="dimmed">
          Enter the 6-digit code from your authenticator app.
        </Text>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <CodeInput
          label="Two-factor code"
          value={digits}
          onChange={(next) => {
            setDigits(next);
            if (error) setError(null);
          }}
          disabled={verify.isPending}
          autoFocus
        />
        <Text size="xs" c="dimmed" ta="center">
          {codeNumbersOnlyHint}
        </Text>
        <Button type="submit" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => onBack()} ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../lib/api-client.ts';
import { genericErrorMessage } from '../lib/form-errors.ts';

/** Shown when a screen cannot load at all (server unreachable at boot, a chunk that failed to download...). */
export function RouteErrorScreen() {
  const error = useRouteError();
  let detail = genericErrorMessage;
  if (isApiError(error) && error.status === 0)
    detail = 'The server could not be reached. Check your connection and try again.';
  else if (isApiError(error) && error.hasServerMessage) detail = error.message;
  else if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;

  if (import.meta.env.DEV) console.error(error);

  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">{detail}</Text>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </Center>
  );
}

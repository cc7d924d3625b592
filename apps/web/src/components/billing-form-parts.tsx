import { Alert, Button, Group } from '@mantine/core';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client.ts';

// What the billing catalogue forms (items, tax rates, billing settings) share: the contract's messages by field before
// anything is sent, and the foot of the form with the server's message and Cancel / Save.

/** Messages by field, keyed as the server's 422 keys them. */
export type FieldMessages = Record<string, string[] | undefined>;

/** The contract's messages by field, or null when the values are valid. */
export function contractMessages(result: z.ZodSafeParseResult<unknown>): FieldMessages | null {
  if (result.success) return null;
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** The browser's messages, with the server's 422 over them once it answered. */
export function shownMessages(local: FieldMessages, error: unknown): FieldMessages {
  return { ...local, ...(isApiError(error) ? (error.errors ?? {}) : {}) };
}

/** A form's foot: the server's message when it named no field (a 422's stand beside the fields), Cancel and Save. */
export function FormActions({ error, pending, onCancel }: { error: unknown; pending: boolean; onCancel: () => void }) {
  return (
    <>
      {error && (!isApiError(error) || !error.errors) ? (
        <Alert color="red">{isApiError(error) ? error.message : 'An error occured.'}</Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          Save
        </Button>
      </Group>
    </>
  );
}

import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../lib/api-client.ts';

// Void of a receipt (decision 0130), from the receiving history and the purchase order drawer: a reason, then the
// server's answer; a refusal (bill matched, stock gone, closed period) is shown in the dialog as the server words it.
// Each page passes its own mutation, which refetches what that page shows.

export type VoidReceiptMutation = UseMutationResult<unknown, Error, { id: number; reason: string }>;

/** The first field message of a 422, else the error's message. */
function voidErrorText(error: unknown): string {
  if (!isApiError(error)) return 'An error occured.';
  const fields = Object.values(error.errors ?? {}).flat();
  return fields[0] ?? error.message;
}

export function VoidReceiptButton({
  receipt,
  voidReceipt,
}: {
  receipt: { id: number; number: string };
  voidReceipt: VoidReceiptMutation;
}) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpened(false);
    setReason('');
    voidReceipt.reset();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setOpened(true)}>
        Void
      </Button>
      <Modal opened={opened} onClose={close} title={`Void receipt ${receipt.number}`}>
        <Stack gap="sm">
          <Text size="sm">
            The received quantities go back on the purchase order, the items leave stock at their average cost and the
            receipt&apos;s entry is reversed today.
          </Text>
          <TextInput label="Reason" value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} />
          {voidReceipt.isError && (
            <Alert color="red" role="alert">
              {voidErrorText(voidReceipt.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={voidReceipt.isPending}
              onClick={() => voidReceipt.mutate({ id: receipt.id, reason }, { onSuccess: close })}
            >
              Void receipt
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { useBillingSettingsQuery, useSaveBillingSettings } from './api/tax-rates.ts';

// /billing/settings: the lock date (nothing posts on or before it) and the billing time zone (decision 0069) over
// GET|PUT /api/billing/settings; saving needs 'manage accounting' (decision 0071).

export function BillingSettingsPage() {
  const settings = useBillingSettingsQuery();
  const save = useSaveBillingSettings();
  const canManage = usePermissions().includes('manage accounting');
  const [lockDate, setLockDate] = useState('');
  const [timeZone, setTimeZone] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const data = settings.data?.data;
  useEffect(() => {
    if (!data) return;
    setLockDate(data.lock_date ?? '');
    setTimeZone(data.time_zone);
  }, [data]);
  const errors = isApiError(save.error) ? (save.error.errors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(
      { lock_date: lockDate || null, time_zone: timeZone.trim() },
      { onSuccess: (response) => setSaved(response.message) },
    );
  };
  return (
    <Stack gap="md" maw={480}>
      <Title order={2}>Billing Settings</Title>
      {settings.isPending && <Loader />}
      {settings.isError && <Alert color="red">An error occured.</Alert>}
      {data && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              type="date"
              label="Lock date"
              description="Nothing posts on or before this date."
              value={lockDate}
              disabled={!canManage}
              onChange={(e) => setLockDate(e.currentTarget.value)}
              error={errors.lock_date?.[0]}
            />
            <TextInput
              label="Billing time zone"
              description="Decides today and the month's boundaries, e.g. America/Chicago."
              value={timeZone}
              disabled={!canManage}
              onChange={(e) => setTimeZone(e.currentTarget.value)}
              error={errors.time_zone?.[0]}
            />
            {isApiError(save.error) && !save.error.errors && <Alert color="red">{save.error.message}</Alert>}
            {save.error && !isApiError(save.error) && <Alert color="red">An error occured.</Alert>}
            {saved && <Text c="green">{saved}</Text>}
            {canManage && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}

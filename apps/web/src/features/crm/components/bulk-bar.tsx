import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { leadStatusUpdateOptions } from '@switchboard/shared/crm';
import type { LeadBulkInput } from '@switchboard/shared/crm-leads';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmDelete } from '../../../components/confirm-dialogs.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { useAddToDialSession } from '../api/dial-session.ts';
import { useBulkLeads } from '../api/leads.ts';
import type { SelectOption } from '../lead-filters.ts';

type Action = 'assign' | 'campaign' | 'status';
const actionLabels: Record<Action, string> = { assign: 'Assign to', campaign: 'Campaign', status: 'Status' };

/**
 * Bulk changes of the selected leads (designs/crm-softphone.md §4.1): assign, campaign, status, add to dial session
 * ('phone access'), delete.
 */
export function BulkBar({
  ids,
  mayDelete,
  agentOptions,
  campaignOptions,
  onDone,
}: {
  ids: number[];
  mayDelete: boolean;
  agentOptions: SelectOption[];
  campaignOptions: SelectOption[];
  onDone: () => void;
}) {
  const bulk = useBulkLeads();
  const mayDial = usePermissions().includes('phone access');
  const addToDialSession = useAddToDialSession();
  const navigate = useNavigate();
  const dial = () =>
    addToDialSession.mutate(ids, {
      onSuccess: (session) => {
        notifications.show({
          color: 'green',
          message: `Dial session #${session.id} holds ${session.counts.total} lead${session.counts.total === 1 ? '' : 's'}.`,
        });
        onDone();
        void navigate('/crm/phoneburner');
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message:
            isApiError(error) && error.status === 422
              ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message)
              : 'An error occured.',
        }),
    });
  const [action, setAction] = useState<Action>('assign');
  const [value, setValue] = useState<string | null>(null);
  const options: Record<Action, SelectOption[]> = {
    assign: agentOptions,
    campaign: campaignOptions,
    status: leadStatusUpdateOptions.map((option) => ({ value: String(option.value), label: option.label })),
  };
  const run = (input: LeadBulkInput) =>
    bulk.mutate(input, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message ?? `${ids.length} leads updated.` });
        setValue(null);
        onDone();
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: isApiError(error) && error.status === 422 ? error.message : 'An error occured.',
        }),
    });
  const apply = () => {
    if (value === null) return;
    if (action === 'status') run({ ids, action, value: Number(value) as 1 | 3 | 5 | 9 });
    else run({ ids, action, value: Number(value) });
  };
  return (
    <Paper withBorder p="sm" aria-label="Bulk actions" component="section">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm">
          {ids.length} selected
        </Text>
        <Select
          label="Change"
          w={150}
          allowDeselect={false}
          data={(Object.keys(actionLabels) as Action[]).map((key) => ({ value: key, label: actionLabels[key] }))}
          value={action}
          onChange={(next) => {
            setAction((next ?? 'assign') as Action);
            setValue(null);
          }}
        />
        <Select
          label={actionLabels[action]}
          aria-label={`Bulk ${actionLabels[action]}`}
          w={220}
          searchable
          data={options[action]}
          value={value}
          onChange={setValue}
        />
        <Button onClick={apply} disabled={value === null} loading={bulk.isPending}>
          Apply
        </Button>
        {mayDial ? (
          <Button variant="light" onClick={dial} loading={addToDialSession.isPending}>
            Add to dial session
          </Button>
        ) : null}
        {mayDelete ? (
          <Button
            color="red"
            variant="light"
            loading={bulk.isPending}
            onClick={() =>
              confirmDelete({
                title: 'Are you sure?',
                text: `Delete ${ids.length} lead${ids.length === 1 ? '' : 's'}? You won't be able to revert this!`,
                confirm: 'Yes, delete it!',
                onConfirm: () => run({ ids, action: 'delete' }),
              })
            }
          >
            Delete
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

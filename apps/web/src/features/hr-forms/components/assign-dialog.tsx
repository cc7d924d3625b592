import { Alert, Button, Group, Modal, MultiSelect, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrFormAssignInputSchema,
  type HrFormAssignInput,
  type HrFormAudience,
  type HrFormDetail,
} from '@switchboard/shared/hr/forms';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useStaticData } from '../../../lib/static-data.ts';
import { useAssignForm, useEmployeeOptions } from '../api/forms.ts';

// Assignment (designs/hr.md §3): everyone, departments, regions or people, new hires automatically, due in N days,
// renewed every N months. Assigning again keeps who already signed the current version.

const emptyAudience: HrFormAudience = {
  everyone: false,
  department_ids: [],
  region_ids: [],
  user_ids: [],
  new_hires: false,
};

const optionalNumber = (value: string | number): number | null =>
  typeof value === 'number' ? value : value === '' ? null : Number(value);

export function AssignDialog({
  form,
  onClose,
}: {
  form: Pick<HrFormDetail, 'id' | 'title' | 'audience' | 'due_days' | 'renew_months'>;
  onClose: () => void;
}) {
  const assign = useAssignForm();
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const [values, setValues] = useState<HrFormAssignInput>({
    audience: form.audience ?? emptyAudience,
    due_days: form.due_days,
    renew_months: form.renew_months,
  });
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const setAudience = (patch: Partial<HrFormAudience>) =>
    setValues((previous) => ({ ...previous, audience: { ...previous.audience, ...patch } }));

  const options = useMemo(
    () => ({
      departments: (staticData.data?.departments ?? []).map((row) => ({ value: String(row.id), label: row.name })),
      regions: (staticData.data?.regions ?? []).map((row) => ({ value: String(row.id), label: row.name })),
      people: (employees.data ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name })),
    }),
    [staticData.data, employees.data],
  );
  const ids = (list: string[]) => list.map(Number);
  const strings = (list: number[]) => list.map(String);

  const submit = async () => {
    setFailure(null);
    const checked = hrFormAssignInputSchema.safeParse(values);
    if (!checked.success) {
      setMessages(
        Object.fromEntries(checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message])),
      );
      return;
    }
    setMessages({});
    try {
      const answer = await assign.mutateAsync({ id: form.id, input: checked.data });
      notifications.show({ message: answer.message });
      onClose();
    } catch (error) {
      if (isApiError(error) && error.errors) {
        setMessages(Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? ''])));
      } else setFailure(isApiError(error) ? error.message : 'An error occured.');
    }
  };

  const { audience } = values;
  return (
    <Modal opened onClose={onClose} title={`Assign ${form.title}`} size="lg">
      <Stack gap="sm">
        <Switch
          label="Everyone"
          description="Every active employee."
          checked={audience.everyone}
          onChange={(event) => setAudience({ everyone: event.currentTarget.checked })}
        />
        {!audience.everyone && (
          <>
            <MultiSelect
              label="Departments"
              data={options.departments}
              value={strings(audience.department_ids)}
              onChange={(list) => setAudience({ department_ids: ids(list) })}
              searchable
              error={messages['audience.department_ids']}
            />
            <MultiSelect
              label="Regions"
              data={options.regions}
              value={strings(audience.region_ids)}
              onChange={(list) => setAudience({ region_ids: ids(list) })}
              searchable
              error={messages['audience.region_ids']}
            />
            <MultiSelect
              label="People"
              data={options.people}
              value={strings(audience.user_ids)}
              onChange={(list) => setAudience({ user_ids: ids(list) })}
              searchable
              error={messages['audience.user_ids']}
            />
          </>
        )}
        <Switch
          label="New hires automatically"
          checked={audience.new_hires}
          onChange={(event) => setAudience({ new_hires: event.currentTarget.checked })}
        />
        {messages.audience && (
          <Text c="red" size="sm">
            {messages.audience}
          </Text>
        )}
        <SimpleGrid cols={2}>
          <NumberInput
            label="Due in (days)"
            description="Empty: no due date."
            min={1}
            max={365}
            value={values.due_days ?? ''}
            onChange={(value) => setValues((previous) => ({ ...previous, due_days: optionalNumber(value) }))}
            error={messages.due_days}
          />
          <NumberInput
            label="Renew every (months)"
            description="Empty: signed once."
            min={1}
            max={60}
            value={values.renew_months ?? ''}
            onChange={(value) => setValues((previous) => ({ ...previous, renew_months: optionalNumber(value) }))}
            error={messages.renew_months}
          />
        </SimpleGrid>
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={assign.isPending} onClick={() => void submit()}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { ActionIcon, Button, Group, TextInput } from '@mantine/core';
import { Menu, Modal } from '../../../components/deferred-overlays.tsx';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { ticketSaveFailedMessage, type TicketViewFilters } from '@switchboard/shared';
import { IconBookmark, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useDeleteTicketView, useSaveTicketView, useTicketViews } from '../api/tickets.ts';

interface QueueViewsProps {
  userId: number;
  /** Staff's own tickets are assigned to them; a client account's are those it filed or is the contact of. */
  staff: boolean;
  /** The filters that differ from the defaults (what a view saves). */
  current: TicketViewFilters;
  onApply: (filters: TicketViewFilters) => void;
}

const sameFilters = (a: TicketViewFilters, b: TicketViewFilters) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** One-click views of the queue: all open tickets, the user's own, and the views they saved (issue 15 part 5). */
export function QueueViews({ userId, staff, current, onApply }: QueueViewsProps) {
  const views = useTicketViews();
  const remove = useDeleteTicketView();
  const [saving, { open, close }] = useDisclosure(false);
  // Decision 0064: a client account is no ticket's technician, so its My tickets asks the server for its own (mine).
  const mine: TicketViewFilters = staff ? { employee_id: String(userId) } : { mine: '1' };
  const active = (filters: TicketViewFilters) => (sameFilters(current, filters) ? 'filled' : 'default');
  const activeView = views.data?.find((view) => sameFilters(current, view.filters));
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label="Queue views">
      <Button size="compact-sm" variant={active({})} onClick={() => onApply({})}>
        All open
      </Button>
      <Button size="compact-sm" variant={active(mine)} onClick={() => onApply(mine)}>
        My tickets
      </Button>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-sm"
            variant={activeView ? 'filled' : 'default'}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            {activeView ? activeView.name : 'Saved views'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {(views.data ?? []).length === 0 ? <Menu.Label>No saved views yet</Menu.Label> : null}
          {(views.data ?? []).map((view) => (
            <Group key={view.id} gap={0} wrap="nowrap">
              <Menu.Item onClick={() => onApply(view.filters)}>{view.name}</Menu.Item>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete view ${view.name}`}
                onClick={() => remove.mutate(view.id)}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconBookmark size={14} aria-hidden />} onClick={open}>
            Save current view…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal opened={saving} onClose={close} filters={current} initialName={activeView?.name ?? ''} />
    </Group>
  );
}

function SaveViewModal({
  opened,
  onClose,
  filters,
  initialName,
}: {
  opened: boolean;
  onClose: () => void;
  filters: TicketViewFilters;
  initialName: string;
}) {
  const save = useSaveTicketView();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    save.mutate(
      { name, filters },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (failure) =>
          setError(isApiError(failure) ? (failure.errors?.name?.[0] ?? failure.message) : ticketSaveFailedMessage),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save view" size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextInput
          label="Name"
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          maxLength={60}
        />
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

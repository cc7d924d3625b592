import { ActionIcon, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { todoFailedMessage, type TicketDetail, type TicketTodo } from '@switchboard/shared';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';

const showSaved = (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message });

/** Spec 3 §2 to-dos: add, complete, edit, soft-delete (deleted ones are not shown). */
export function TodosCard({ ticket, disabled }: { ticket: TicketDetail; disabled: boolean }) {
  const [text, setText] = useState('');
  const add = useTicketAction(ticket.id, ticketCalls.addTodo(ticket.id));
  const failed = () => notifications.show({ color: 'red', message: todoFailedMessage });
  // Spec 3 §8: successful saves show the server's message.
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(text, {
      onSuccess: (answer) => {
        setText('');
        showSaved(answer);
      },
      onError: failed,
    });
  };
  return (
    <Card withBorder padding="md" role="group" aria-label="To-dos">
      <Title order={2} size="h4" mb="xs">
        To-dos
      </Title>
      <Stack gap={6}>
        {ticket.todos.length === 0 ? (
          <Text c="dimmed" size="sm">
            No to-dos.
          </Text>
        ) : null}
        {ticket.todos.map((todo) => (
          <TodoRow key={todo.id} ticketId={ticket.id} todo={todo} disabled={disabled} onFail={failed} />
        ))}
        <form onSubmit={submit} aria-label="Add To-do">
          <Group gap="xs" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label="New to-do"
              placeholder="Add a to-do"
              value={text}
              disabled={disabled}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" loading={add.isPending} disabled={disabled}>
              Add
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

function TodoRow({
  ticketId,
  todo,
  disabled,
  onFail,
}: {
  ticketId: number;
  todo: TicketTodo;
  disabled: boolean;
  onFail: () => void;
}) {
  const change = useTicketAction(ticketId, ticketCalls.changeTodo());
  const remove = useTicketAction(ticketId, ticketCalls.deleteTodo());
  const [editing, setEditing] = useState<string | null>(null);
  if (editing !== null) {
    return (
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label="Edit to-do"
          value={editing}
          onChange={(event) => setEditing(event.currentTarget.value)}
          autoFocus
        />
        <ActionIcon
          aria-label="Save to-do"
          variant="subtle"
          onClick={() =>
            change.mutate(
              { todoId: todo.id, todo: { description: editing } },
              {
                onSuccess: (answer) => {
                  setEditing(null);
                  showSaved(answer);
                },
                onError: onFail,
              },
            )
          }
        >
          <IconCheck size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon aria-label="Cancel" variant="subtle" color="gray" onClick={() => setEditing(null)}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Checkbox
        label={todo.description}
        checked={todo.completed === 1}
        disabled={disabled}
        styles={{ label: { textDecoration: todo.completed ? 'line-through' : undefined } }}
        onChange={(event) =>
          change.mutate(
            { todoId: todo.id, todo: { completed: event.currentTarget.checked ? 1 : 0 } },
            { onSuccess: showSaved, onError: onFail },
          )
        }
      />
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          aria-label={`Edit ${todo.description}`}
          variant="subtle"
          disabled={disabled}
          onClick={() => setEditing(todo.description)}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
        <ActionIcon
          aria-label={`Delete ${todo.description}`}
          variant="subtle"
          color="red"
          disabled={disabled}
          onClick={() => remove.mutate(todo.id, { onSuccess: showSaved, onError: onFail })}
        >
          <IconTrash size={14} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

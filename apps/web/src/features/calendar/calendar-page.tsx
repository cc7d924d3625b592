import { Alert, Badge, Button, Group, Stack, Title } from '@mantine/core';
import type { CalendarItem } from '@switchboard/shared/calendar';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CalendarRange } from '../../components/calendar/calendar-items.ts';
import { CalendarView } from '../../components/calendar/calendar-view.tsx';
import { EventDialog, eventColors, type EventFormValues } from '../../components/calendar/event-dialog.tsx';
import { api } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useCalendar, useDeleteCalendarEvent, useSaveCalendarEvent } from './api/calendar.ts';
import type { CalendarEvent } from '@switchboard/shared/calendar';
import { localDay } from '../../components/calendar/calendar-items.ts';

// /calendar (spec 1 §2.5 'view calendar', §2.6 the event dialog and views): one's own events, made and changed through
// the dialog (a day or a half-hour slot, or New Event); colleagues out, one's project slots and interviews open theirs.

const legend = [
  { label: 'My events', color: eventColors[0]! },
  { label: 'Project schedule', color: '#1c7ed6' },
  { label: 'Out', color: '#228be6' },
  { label: 'Holidays', color: '#868e96' },
];

interface DialogState {
  id: number | null;
  initial: EventFormValues;
}

const blank = (date: string, startTime = '09:00'): EventFormValues => {
  const [hours, minutes] = startTime.split(':').map(Number);
  const end = Math.min(hours! * 60 + minutes! + 60, 23 * 60 + 30);
  const endTime = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  return { title: '', description: '', location: '', date, startTime, endTime, color: eventColors[0]! };
};

export function CalendarPage() {
  const navigate = useNavigate();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const calendar = useCalendar(range);
  const save = useSaveCalendarEvent();
  const remove = useDeleteCalendarEvent();

  const openItem = async (item: CalendarItem) => {
    if (item.kind === 'event' && item.source_id !== null) {
      try {
        const { data } = await api.get<{ data: CalendarEvent }>(`/api/calendar/events/${item.source_id}`);
        const { id, ...initial } = data;
        setDialog({ id, initial });
      } catch (error) {
        setProblem(getFormErrors(error).message);
      }
      return;
    }
    if (item.url) void navigate(item.url);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Calendar</Title>
        <Button onClick={() => setDialog({ id: null, initial: blank(localDay(new Date())) })}>New Event</Button>
      </Group>
      <Group gap="xs" aria-label="Legend">
        {legend.map((entry) => (
          <Badge key={entry.label} color={entry.color} variant="light">
            {entry.label}
          </Badge>
        ))}
      </Group>
      {(problem || calendar.isError) && (
        <Alert color="red" role="alert">
          {problem ?? getFormErrors(calendar.error).message}
        </Alert>
      )}
      <CalendarView
        items={calendar.data ?? []}
        onRangeChange={setRange}
        onItemClick={(item) => void openItem(item)}
        onDayClick={(day, time) => setDialog({ id: null, initial: blank(day, time ?? '09:00') })}
      />
      <EventDialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.id ? 'Edit Event' : 'New Event'}
        submitLabel={dialog?.id ? 'Save' : 'Create'}
        initial={dialog?.initial ?? blank(localDay(new Date()))}
        onSubmit={(input) => save.mutateAsync({ id: dialog?.id ?? null, input })}
        onDelete={dialog?.id ? () => remove.mutateAsync(dialog.id!) : undefined}
      />
    </Stack>
  );
}

import { Alert, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { isoToUsDate, usDateToIso, visibleSlots, type TechResource } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../lib/auth-store.ts';
import { useLiveTechResources, useTechResources } from './api/tech-resources.ts';
import { SlotGrid } from './components/slot-grid.tsx';
import { TechnicianEditor } from './components/technician-editor.tsx';

// /resources (spec 2 §2 Tech Resources): the day's half-hour grid per technician. On today only the slots after now
// minus 30 minutes show unless expanded; ?date=MM/DD/YYYY opens another day.

const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return localDay(new Date(year!, month! - 1, date! + days));
}

/** The browser's day and minute, moving on every minute so the window follows the clock. */
function useNow() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return { today: localDay(now), minutes: now.getHours() * 60 + now.getMinutes() };
}

export function TechResourcesPage() {
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const day = usDateToIso(params.get('date') ?? '') ?? now.today;
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<TechResource | null>(null);
  const mayEdit = usePermissions().includes('edit tech resources');
  const resources = useTechResources(day);
  useLiveTechResources();
  const slots = visibleSlots(day, now, expanded);
  const goTo = (next: string) => setParams(next === now.today ? {} : { date: isoToUsDate(next) });

  return (
    <Stack>
      <Title order={2}>Tech Resources</Title>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="Date"
          value={day}
          onChange={(event) => event.currentTarget.value && goTo(event.currentTarget.value)}
        />
        <Button variant="default" onClick={() => goTo(addDays(day, -1))}>
          Previous day
        </Button>
        <Button variant="default" onClick={() => goTo(now.today)} disabled={day === now.today}>
          Today
        </Button>
        <Button variant="default" onClick={() => goTo(addDays(day, 1))}>
          Next day
        </Button>
        {day === now.today && (
          <Button variant="subtle" onClick={() => setExpanded((value) => !value)}>
            {expanded ? 'Hide earlier slots' : 'Expand earlier slots'}
          </Button>
        )}
      </Group>
      {resources.isPending ? (
        <Loader size="sm" />
      ) : resources.isError ? (
        <Alert color="red">The tech resources could not be loaded.</Alert>
      ) : resources.data.length === 0 ? (
        <Text>No technicians are scheduled on this day.</Text>
      ) : slots.length === 0 ? (
        <Text>The day is over: expand to see its slots.</Text>
      ) : (
        <SlotGrid rows={resources.data} slots={slots} onShow={mayEdit ? setEditing : undefined} />
      )}
      {editing && <TechnicianEditor key={editing.user_id} row={editing} day={day} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

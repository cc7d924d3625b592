import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import type { TechEvent, TechResource } from '@switchboard/shared';

// The half-hour grid (spec 2 §2 Tech Resources): a row per technician with the user name, a column per shown slot,
// each cell the slot's events with the company (or the project a reservation belongs to).

const taskColour = { Projects: 'grape', Frontline: 'teal' } as const;

function EventChip({ event }: { event: TechEvent }) {
  const detail = event.project
    ? `${event.project.title}${event.company ? ` (${event.company.name})` : ''}`
    : event.company?.name;
  return (
    <Stack gap={2}>
      <Badge size="xs" variant={event.project ? 'outline' : 'light'} color={taskColour[event.task]}>
        {event.task}
      </Badge>
      {detail && (
        <Text size="xs" lh={1.2}>
          {detail}
        </Text>
      )}
    </Stack>
  );
}

export function SlotGrid({
  rows,
  slots,
  onShow,
}: {
  rows: TechResource[];
  slots: string[];
  /** Opens the technician's editor; absent without 'edit tech resources' (spec 2 §6). */
  onShow?: (row: TechResource) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={200 + slots.length * 110}>
      <Table withColumnBorders withTableBorder aria-label="Tech resources" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>Technician</Table.Th>
            {slots.map((slot) => (
              <Table.Th key={slot} w={110}>
                {slot}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.user_id} aria-label={row.user.name}>
              <Table.Th scope="row">
                <Stack gap={4} align="flex-start">
                  <Text size="sm" fw={500}>
                    {row.user.name}
                  </Text>
                  {onShow && (
                    <Button size="compact-xs" variant="light" onClick={() => onShow(row)}>
                      Show
                    </Button>
                  )}
                </Stack>
              </Table.Th>
              {slots.map((slot) => {
                const events = row.tech_events.filter((event) => event.slot === slot);
                return (
                  <Table.Td key={slot} data-slot={slot} aria-label={`${row.user.name} ${slot}`} valign="top">
                    <Stack gap={4}>
                      {events.map((event, index) => (
                        <EventChip key={event.id ?? `project-${event.project?.id ?? index}`} event={event} />
                      ))}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

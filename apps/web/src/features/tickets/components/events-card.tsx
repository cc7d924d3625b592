import { Card, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TicketEvent } from '@switchboard/shared';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** Spec 3 §2 ticket events (add_by, lingo, previous_data, new_data, change, created_at), newest first. */
export function EventsCard({ events }: { events: TicketEvent[] }) {
  return (
    <Card withBorder padding="md" role="group" aria-label="Ticket Events">
      <Title order={2} size="h4" mb="xs">
        Ticket Events
      </Title>
      {events.length === 0 ? (
        <Text c="dimmed" size="sm">
          No events yet.
        </Text>
      ) : (
        <Timeline bulletSize={10} lineWidth={2}>
          {events.map((event) => (
            <Timeline.Item key={event.id}>
              <Stack gap={0}>
                <Text size="sm">{event.lingo}</Text>
                <RelativeTime value={event.created_at} size="xs" c="dimmed" />
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Card>
  );
}

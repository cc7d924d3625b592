import { Button, ColorSwatch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { timeclockStatuses, timeclockStatusLabels, type TimeclockStatus } from '@switchboard/shared';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Menu } from '../../components/deferred-overlays.tsx';
import { useTimeclock, useUpdateTimeclock } from './api/timeclock.ts';
import { formatElapsed } from './elapsed.ts';

const statusColors: Record<TimeclockStatus, string> = {
  1: 'var(--mantine-color-green-6)',
  2: 'var(--mantine-color-yellow-6)',
  3: 'var(--mantine-color-orange-6)',
  4: 'var(--mantine-color-blue-6)',
  5: 'var(--mantine-color-gray-5)',
};

/** Spec 1 §2.4, §3.5: the timeclock status dropdown, showing the time since the current status began. */
export function StatusMenu() {
  const queryClient = useQueryClient();
  const { data: state, isError } = useTimeclock();
  const update = useUpdateTimeclock(queryClient);

  const choose = (status: TimeclockStatus) => {
    if (status === state?.status) return;
    update.mutate(status, {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: () => notifications.show({ color: 'red', message: 'An error occured.' }),
    });
  };

  const status = state?.status;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          aria-label="Status"
          loading={update.isPending}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          leftSection={
            <ColorSwatch
              size={10}
              color={status ? statusColors[status] : 'var(--mantine-color-gray-4)'}
              withShadow={false}
            />
          }
          data-status={status ?? ''}
        >
          <Text span size="sm" fw={500} data-testid="timeclock-status">
            {status ? timeclockStatusLabels[status] : isError ? 'Status' : '…'}
          </Text>
          {state?.start_time ? <Elapsed startTime={state.start_time} /> : null}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Timeclock status</Menu.Label>
        {timeclockStatuses.map((code) => (
          <Menu.Item
            key={code}
            onClick={() => choose(code)}
            leftSection={<ColorSwatch size={10} color={statusColors[code]} withShadow={false} />}
            rightSection={code === status ? <IconCheck size={14} aria-label="Current" /> : null}
          >
            {timeclockStatusLabels[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Ticks every second on its own, so the rest of the top bar does not re-render. */
function Elapsed({ startTime }: { startTime: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text span size="xs" c="dimmed" ml={6} ff="monospace" visibleFrom="md" data-testid="timeclock-elapsed">
      {formatElapsed(startTime, now)}
    </Text>
  );
}

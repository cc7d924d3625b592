import {
  Alert,
  Badge,
  Button,
  Chip,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CalendarItem } from '@switchboard/shared/calendar';
import {
  defaultHrCalendarKinds,
  hrCalendarKindLabels,
  hrCalendarKinds,
  type HrCalendarKind,
} from '@switchboard/shared/hr/calendar';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CalendarRange } from '../../components/calendar/calendar-items.ts';
import { CalendarView } from '../../components/calendar/calendar-view.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useHrBase } from '../hr/api/hr-base.ts';
import {
  useHrCalendar,
  useHrCalendarFeed,
  useInterviewCandidates,
  useRegenerateHrCalendarFeed,
  useRescheduleInterview,
  type HrCalendarFilters,
} from './api/calendar.ts';

// /hr (spec 1 §2.5: the HR calendar, 'view hr calendar'; designs/hr.md §6): time off in its category's colour,
// pending outlined, holidays in the background, birthdays and anniversaries on a toggle, interviews; filters by
// department, region and person; a personal iCal feed under Subscribe. HrCalendarChanged refetches it live.

const fixedLegend = [
  { label: 'Holidays', color: '#868e96' },
  { label: 'Birthdays', color: '#e64980' },
  { label: 'Work anniversaries', color: '#7950f2' },
];

export function HrCalendarPage() {
  const navigate = useNavigate();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [filters, setFilters] = useState<HrCalendarFilters>({
    kinds: defaultHrCalendarKinds,
    department_id: null,
    region_id: null,
    user_id: null,
  });
  const [subscribing, setSubscribing] = useState(false);
  const calendar = useHrCalendar(range, filters);
  const base = useHrBase();
  const staticData = useStaticData();
  const people = useEmployeeOptions();
  const categories = (base.data?.categories ?? []).filter((category) => category.kind === 'time_off');
  const named = (rows: { id: number; name: string }[] | undefined) =>
    (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));

  const permissions = usePermissions();
  const open = (item: CalendarItem) => {
    if (item.url) void navigate(item.url);
  };
  // A day (designs/hr.md §6): HR and 'manage jobs' get the day's dialog (record time off for someone, add an
  // interview); everyone else the request form starting on that day.
  const recordsForOthers = permissions.includes('view human resources') || permissions.includes('approve hr requests');
  const schedules = permissions.includes('manage jobs');
  const [day, setDay] = useState<string | null>(null);
  const onDay = (date: string) => {
    if (recordsForOthers || schedules) setDay(date);
    else void navigate(`/hr/requests?new=1&date=${date}`);
  };
  // Interviews drag to another time for those who schedule them; time off does not.
  const reschedule = useRescheduleInterview();
  const canDrag = useCallback((item: CalendarItem) => schedules && item.kind === 'interview', [schedules]);
  // The end moves with the start (movedEnd keeps the interview's length).
  const drop = async (item: CalendarItem, start: Date) => {
    try {
      const answer = await reschedule.mutateAsync({ item, start });
      notifications.show({ color: 'green', message: answer.message });
      for (const warning of answer.warnings) notifications.show({ color: 'yellow', message: warning });
    } catch (error) {
      notifications.show({ color: 'red', message: getFormErrors(error).message });
      throw error;
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>HR Calendar</Title>
        <Button variant="default" onClick={() => setSubscribing(true)}>
          Subscribe
        </Button>
      </Group>
      <Group gap="sm" align="end">
        <Select
          label="Department"
          placeholder="All"
          clearable
          data={named(staticData.data?.departments)}
          value={filters.department_id}
          onChange={(department_id) => setFilters((previous) => ({ ...previous, department_id }))}
        />
        <Select
          label="Region"
          placeholder="All"
          clearable
          data={named(staticData.data?.regions)}
          value={filters.region_id}
          onChange={(region_id) => setFilters((previous) => ({ ...previous, region_id }))}
        />
        <Select
          label="Person"
          placeholder="Everyone"
          clearable
          searchable
          data={(people.data ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name }))}
          value={filters.user_id}
          onChange={(user_id) => setFilters((previous) => ({ ...previous, user_id }))}
        />
      </Group>
      <Chip.Group
        multiple
        value={filters.kinds}
        onChange={(kinds) => setFilters((previous) => ({ ...previous, kinds: kinds as HrCalendarKind[] }))}
      >
        <Group gap="xs" aria-label="Show">
          {hrCalendarKinds.map((kind) => (
            <Chip key={kind} value={kind} size="xs">
              {hrCalendarKindLabels[kind]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group gap="xs" aria-label="Legend">
        {[...categories.map((category) => ({ label: category.name, color: category.color })), ...fixedLegend].map(
          (entry) => (
            <Badge key={entry.label} color={entry.color} variant="light">
              {entry.label}
            </Badge>
          ),
        )}
      </Group>
      {calendar.isError && (
        <Alert color="red" role="alert">
          {getFormErrors(calendar.error).message}
        </Alert>
      )}
      <CalendarView
        items={filters.kinds.length > 0 ? (calendar.data ?? []) : []}
        onRangeChange={setRange}
        onItemClick={open}
        onDayClick={onDay}
        canDrag={canDrag}
        onItemDrop={drop}
      />
      <SubscribeDialog opened={subscribing} onClose={() => setSubscribing(false)} />
      {day ? (
        <DayDialog
          day={day}
          person={filters.user_id}
          recordsForOthers={recordsForOthers}
          schedules={schedules}
          onClose={() => setDay(null)}
        />
      ) : null}
    </Stack>
  );
}

/** A day clicked by HR or 'manage jobs': record time off for someone, or add an interview, on that date. */
function DayDialog({
  day,
  person,
  recordsForOthers,
  schedules,
  onClose,
}: {
  day: string;
  person: string | null;
  recordsForOthers: boolean;
  schedules: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const people = useEmployeeOptions();
  const candidates = useInterviewCandidates(schedules);
  const [forWhom, setForWhom] = useState<string | null>(person);
  const [applicant, setApplicant] = useState<string | null>(null);
  const label = new Date(`${day}T12:00:00`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  return (
    <Modal opened onClose={onClose} title={label} transitionProps={{ duration: 150 }}>
      <Stack gap="lg">
        {recordsForOthers ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Record time off
            </Title>
            <Select
              label="For"
              placeholder="Me"
              searchable
              clearable
              data={(people.data ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name }))}
              value={forWhom}
              onChange={setForWhom}
            />
            <Group justify="flex-end">
              <Button
                onClick={() => void navigate(`/hr/requests?new=1&date=${day}${forWhom ? `&for=${forWhom}` : ''}`)}
              >
                Record time off
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(`/hr/requests?new=1&date=${day}`)}>
              Request time off
            </Button>
          </Group>
        )}
        {schedules ? (
          <Stack gap="xs">
            <Title order={3} size="h5">
              Add an interview
            </Title>
            <Select
              label="Applicant"
              placeholder={candidates.isPending ? 'Loading...' : 'Choose the applicant'}
              searchable
              data={candidates.data ?? []}
              value={applicant}
              onChange={setApplicant}
              nothingFoundMessage="No applicants in open openings"
            />
            <Group justify="flex-end">
              <Button
                disabled={!applicant}
                onClick={() => void navigate(`/hr/jobs?applicant=${applicant}&interview_date=${day}`)}
              >
                Add an interview
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}

function SubscribeDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const feed = useHrCalendarFeed(opened);
  const regenerate = useRegenerateHrCalendarFeed();
  const url = regenerate.data?.data.url ?? null;
  const exists = feed.data?.exists ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="Subscribe" transitionProps={{ duration: 150 }}>
      <Stack gap="sm">
        <Text size="sm">
          Add the HR calendar to Outlook, Google or Apple Calendar with your personal feed URL: time off (never a
          reason), holidays and interviews, 3 months back and 12 ahead.
        </Text>
        {url ? (
          <>
            <TextInput label="Feed URL" value={url} readOnly onFocus={(event) => event.currentTarget.select()} />
            <Text size="xs" c="dimmed">
              Copy it now: it is shown only once. Regenerate makes a new one and stops the old.
            </Text>
            <CopyButton value={url}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
            </CopyButton>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {exists
              ? `You have a feed URL (made ${new Date(feed.data!.created_at!).toLocaleString()}). Regenerate to see a new one; the old stops working.`
              : 'You have no feed URL yet.'}
          </Text>
        )}
        {regenerate.isError && (
          <Alert color="red" role="alert">
            {getFormErrors(regenerate.error).message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant={url ? 'default' : 'filled'}
            loading={regenerate.isPending}
            onClick={() => regenerate.mutate()}
          >
            {exists || url ? 'Regenerate' : 'Create feed URL'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

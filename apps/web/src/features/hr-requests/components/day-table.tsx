import { Group, NumberInput, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { hrDayPartLabels, hrDayParts, type HrDayPart, type HrRequestDay } from '@switchboard/shared/hr/requests';
import {
  choiceForPart,
  endSlots,
  formatHours,
  fullDay,
  nonWorkingLabel,
  partLabel,
  startSlots,
  weekdayName,
  type DayChoice,
} from '../request-rules.ts';

// The day table of a time-off request (designs/hr.md §2.3): date, weekday, part, hours; weekends, days off and
// holidays greyed with why; the total under it. Editable on the form (a part per day), read-only in the drawer.

const partOptions = hrDayParts.map((part) => ({ value: part, label: hrDayPartLabels[part] }));

export function DayTable({
  days,
  total,
  choices,
  onChoose,
}: {
  days: readonly HrRequestDay[];
  total: number;
  /** With choices and onChoose the parts are editable. */
  choices?: Readonly<Record<string, DayChoice>>;
  onChoose?: (date: string, choice: DayChoice) => void;
}) {
  const editable = choices !== undefined && onChoose !== undefined;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Requested days" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Day</Table.Th>
            <Table.Th>Part</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => {
            const off = nonWorkingLabel(day);
            return (
              <Table.Tr
                key={day.date}
                data-date={day.date}
                data-non-working={day.non_working || undefined}
                style={day.non_working ? { opacity: 0.55, background: 'var(--mantine-color-gray-1)' } : undefined}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{day.date}</Table.Td>
                <Table.Td>{weekdayName(day.weekday)}</Table.Td>
                <Table.Td>
                  {off ? (
                    <Text size="sm" c="dimmed">
                      {off}
                    </Text>
                  ) : editable ? (
                    <PartEditor
                      date={day.date}
                      choice={choices[day.date] ?? fullDay}
                      onChange={(choice) => onChoose(day.date, choice)}
                    />
                  ) : (
                    partLabel(day)
                  )}
                </Table.Td>
                <Table.Td ta="right" data-column="hours">
                  {formatHours(day.hours)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total</Table.Th>
            <Table.Th ta="right" data-testid="request-total">
              {formatHours(total)} h
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function PartEditor({
  date,
  choice,
  onChange,
}: {
  date: string;
  choice: DayChoice;
  onChange: (choice: DayChoice) => void;
}) {
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        aria-label={`Part of ${date}`}
        size="xs"
        w={120}
        allowDeselect={false}
        data={partOptions}
        value={choice.part}
        onChange={(value) => value && onChange(choiceForPart(value as HrDayPart, choice))}
      />
      {choice.part === 'custom' ? (
        <>
          <SegmentedControl
            size="xs"
            aria-label={`Custom time of ${date}`}
            data={[
              { value: 'slots', label: 'From-to' },
              { value: 'hours', label: 'Hours' },
            ]}
            value={choice.mode}
            onChange={(mode) =>
              onChange(
                mode === 'slots'
                  ? { ...choice, mode: 'slots', start: choice.start ?? '09:00', end: choice.end ?? '13:00' }
                  : { ...choice, mode: 'hours', hours: choice.hours ?? 4 },
              )
            }
          />
          {choice.mode === 'slots' ? (
            <>
              <Select
                aria-label={`Start of ${date}`}
                size="xs"
                w={90}
                allowDeselect={false}
                data={startSlots}
                value={choice.start}
                onChange={(start) => onChange({ ...choice, start })}
              />
              <Select
                aria-label={`End of ${date}`}
                size="xs"
                w={90}
                allowDeselect={false}
                data={endSlots}
                value={choice.end}
                onChange={(end) => onChange({ ...choice, end })}
              />
            </>
          ) : (
            <NumberInput
              aria-label={`Hours of ${date}`}
              size="xs"
              w={90}
              min={0.25}
              max={24}
              step={0.25}
              decimalScale={2}
              value={choice.hours ?? ''}
              onChange={(value) => onChange({ ...choice, hours: typeof value === 'number' ? value : null })}
            />
          )}
        </>
      ) : null}
    </Group>
  );
}

import { MantineProvider } from '@mantine/core';
import { halfHourSlots } from '@switchboard/shared/calendar';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { calendarEventInputs, rangeOfView } from './calendar-items.ts';
import { EventDialog, eventDialogCloseMs, eventFormErrors, type EventFormValues } from './event-dialog.tsx';

// The calendar event dialog (spec 1 §2.6, §5): date required, start and end required from the 48 half-hour slots,
// start not after end; its title, button label and fields are the caller's; the server's 422 lands on the fields.

const values: EventFormValues = {
  title: 'Dentist',
  description: '',
  location: '',
  date: '2026-03-10',
  startTime: '09:00',
  endTime: '10:00',
  color: '#228be6',
};

describe('eventFormErrors', () => {
  it('passes a complete event and an event that starts and ends at once', () => {
    expect(eventFormErrors(values)).toBeNull();
    expect(eventFormErrors({ ...values, endTime: '09:00' })).toBeNull();
  });
  it('requires the date, the start and the end (a start without an end is an error)', () => {
    expect(eventFormErrors({ ...values, date: '' })).toEqual({ date: 'The date field is required.' });
    expect(eventFormErrors({ ...values, endTime: '' })).toEqual({ endTime: 'The end time field is required.' });
    expect(eventFormErrors({ ...values, startTime: '' })).toEqual({ startTime: 'The start time field is required.' });
  });
  it('refuses a start after the end and times off the half hour', () => {
    expect(eventFormErrors({ ...values, startTime: '10:30' })).toEqual({
      startTime: 'The start time may not be after the end time.',
    });
    expect(eventFormErrors({ ...values, startTime: '09:10' })).toEqual({
      startTime: 'Choose a time on the half hour.',
    });
  });
  it('offers the 48 half-hour slots of hours 0-23', () => {
    expect(halfHourSlots).toHaveLength(48);
    expect([halfHourSlots[0], halfHourSlots[1], halfHourSlots[47]]).toEqual(['00:00', '00:30', '23:30']);
  });
});

function renderDialog(props: Partial<Parameters<typeof EventDialog>[0]> = {}) {
  const onSubmit = vi.fn(async () => undefined);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <EventDialog
        opened
        onClose={onClose}
        title="New Appointment"
        submitLabel="Book"
        initial={values}
        onSubmit={onSubmit}
        fields={[{ name: 'title', label: 'Subject' }]}
        {...props}
      />
    </MantineProvider>,
  );
  return { onSubmit, onClose };
}

describe('EventDialog', () => {
  it('shows the configured title, button label and fields, and closes in 150 ms', () => {
    renderDialog();
    expect(screen.getByText('New Appointment')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(screen.getByLabelText(/Subject/)).toBeTruthy();
    expect(screen.queryByLabelText('Location')).toBeNull();
    expect(eventDialogCloseMs).toBe(150);
    const start = screen.getByLabelText(/Start Time/) as HTMLSelectElement;
    expect(start.options).toHaveLength(49);
  });

  it('does not send a start after the end and says why under the start', async () => {
    const { onSubmit } = renderDialog();
    fireEvent.change(screen.getByLabelText(/Start Time/), { target: { value: '11:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('The start time may not be after the end time.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the values and closes; a 422 shows its messages under the fields', async () => {
    const { onSubmit, onClose } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ ...values });

    const refused = vi.fn(async () => {
      throw new ApiError(422, 'The given data was invalid.', {
        errors: { date: ['The date field is required.'] },
        hasServerMessage: true,
      });
    });
    renderDialog({ onSubmit: refused, title: 'Second' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Book' }).at(-1)!);
    expect(await screen.findByText('The date field is required.')).toBeTruthy();
    expect(screen.getByText('There were some problems with your input.')).toBeTruthy();
  });
});

describe('calendar items', () => {
  it('turns a view into inclusive days and items into FullCalendar events', () => {
    expect(rangeOfView(new Date(2026, 1, 22), new Date(2026, 3, 5))).toEqual({ from: '2026-02-22', to: '2026-04-04' });
    const [pending] = calendarEventInputs([
      {
        id: 'time-off-1-2026-03-05',
        kind: 'pending',
        title: 'Out',
        start: '2026-03-05',
        end: '2026-03-06',
        all_day: true,
        color: '#228be6',
        display: 'outline',
        url: '/hr/requests?request=1',
        user_id: 2,
        source_id: 1,
        editable: false,
      },
    ]);
    expect(pending).toMatchObject({ allDay: true, display: 'auto', className: 'sb-calendar-outline' });
  });
});

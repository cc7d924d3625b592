import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateEmployeeInputSchema, type EmployeeDetail, type EmployeeListItem } from '@switchboard/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  allEditable,
  employeeFormData,
  employeeFormValues,
  InformationFields,
  type EditableGroups,
  type EmployeeFormValues,
} from './employee-form-fields.tsx';

// designs/hr.md §2.2, §2.3: the Manager select and the "Own work hours" switch on Employee Information.

const employees: EmployeeListItem[] = [
  { user_id: 7, user: { name: 'Tess Target' }, departments: [] },
  { user_id: 12, user: { name: 'Mona Manager' }, departments: [] },
  { user_id: 13, user: { name: 'Hal Helper' }, departments: [] },
];

const record = (overrides: Partial<EmployeeDetail> = {}) =>
  ({
    user_id: 7,
    user: {
      id: 7,
      role: 'user',
      name: 'Tess Target',
      email: 'tess@example.test',
      photo: null,
      shortname: 'Tess',
      permissions: [],
      two_factor: { twofactor_enabled: false },
    },
    departments: [],
    agent_settings: null,
    deleted_at: null,
    manager_id: null,
    manager: null,
    work_hours: null,
    ...overrides,
  }) as unknown as EmployeeDetail;

function renderFields(employee: EmployeeDetail, editable: EditableGroups = allEditable) {
  const current: { values: EmployeeFormValues | null } = { values: null };
  function Harness() {
    const form = useForm({ mode: 'controlled', initialValues: employeeFormValues(employee) });
    current.values = form.values;
    return <InformationFields form={form} editable={editable} employee={employee} employees={employees} />;
  }
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <Harness />
      </MantineProvider>
    </QueryClientProvider>,
  );
  /** What the form posts (spec 1 §7.6: form-encoded), as the server's contract reads it. */
  const posted = () => {
    const form = employeeFormData(current.values!, { includeAgent: false });
    return { manager_id: form.get('manager_id'), work_hours: form.get('work_hours') };
  };
  return { posted };
}

const dayInput = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('manager and own work hours (designs/hr.md §2.2, §2.3)', () => {
  it('picks a manager among the other employees and posts their id', async () => {
    const { posted } = renderFields(record());
    expect(posted()).toEqual({ manager_id: '', work_hours: '' });
    await userEvent.click(screen.getByRole('combobox', { name: /^Manager/ }));
    const names = screen.getAllByRole('option').map((option) => option.textContent);
    expect(names).toEqual(['Mona Manager', 'Hal Helper']);
    await userEvent.click(screen.getByRole('option', { name: 'Mona Manager' }));
    expect(posted().manager_id).toBe('12');
  });

  it('switching on reveals seven quarter-hour inputs prefilled with 8 h Monday to Friday, posted as the week', async () => {
    const { posted } = renderFields(record());
    expect(screen.queryByRole('group', { name: 'Work hours per weekday' })).toBeNull();
    expect(screen.getByText(/Switching on starts from 8 h Monday to Friday/)).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: /Own work hours/ }));
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    expect(days.map((day) => dayInput(day).value)).toEqual(['8 h', '8 h', '8 h', '8 h', '8 h', '0 h', '0 h']);
    await userEvent.clear(dayInput('Monday'));
    await userEvent.type(dayInput('Monday'), '10.25');
    await userEvent.clear(dayInput('Friday'));
    await userEvent.type(dayInput('Friday'), '0');
    const week = { '1': 10.25, '2': 8, '3': 8, '4': 8, '5': 0, '6': 0, '7': 0 };
    expect(JSON.parse(String(posted().work_hours))).toEqual(week);
    // The server's contract reads what the form posts.
    const parsed = updateEmployeeInputSchema.shape.work_hours.safeParse(posted().work_hours);
    expect(parsed.success && parsed.data).toEqual(week);
    // Off again: the company week (empty).
    await userEvent.click(screen.getByRole('switch', { name: /Own work hours/ }));
    expect(posted().work_hours).toBe('');
  });

  it('shows a stored week and a disabled manager, read-only without the employment rights', async () => {
    const week = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };
    const readOnly = { ...allEditable, employment: false };
    const { posted } = renderFields(
      record({ manager_id: 44, manager: { id: 44, name: 'Gone Boss' }, work_hours: week }),
      readOnly,
    );
    expect((screen.getByRole('combobox', { name: /^Manager/ }) as HTMLInputElement).value).toBe('Gone Boss (disabled)');
    expect(screen.getByRole('combobox', { name: /^Manager/ }).hasAttribute('readonly')).toBe(true);
    expect((screen.getByRole('switch', { name: /Own work hours/ }) as HTMLInputElement).disabled).toBe(true);
    expect(dayInput('Monday').value).toBe('10 h');
    expect(dayInput('Monday').hasAttribute('readonly')).toBe(true);
    // Posted back unchanged: the server sees no change and lets a non-HR edit through.
    expect(posted()).toEqual({ manager_id: '44', work_hours: JSON.stringify(week) });
  });
});

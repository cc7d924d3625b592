import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { EmployeeDetail } from '@switchboard/shared';
import { employmentMessages } from '@switchboard/shared/hr/employment';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  AccountFields,
  allEditable,
  employeeFormData,
  employeeFormValues,
  type EmployeeFormValues,
} from './employee-form-fields.tsx';

// designs/hr.md §7: disabling an employee asks the separation date and type (and a reason); enabling asks the rehire.

const record = (deletedAt: string | null) =>
  ({
    user_id: 9,
    user: {
      id: 9,
      role: 'user',
      name: 'Sam Leaving',
      email: 'sam@example.test',
      photo: null,
      shortname: 'Sam',
      permissions: [],
      two_factor: { twofactor_enabled: false },
    },
    departments: [],
    agent_settings: null,
    deleted_at: deletedAt,
  }) as unknown as EmployeeDetail;

let latest: EmployeeFormValues | null = null;
function Account({ employee }: { employee: EmployeeDetail }) {
  const form = useForm({ mode: 'controlled', initialValues: employeeFormValues(employee) });
  latest = form.values;
  return <AccountFields form={form} employee={employee} creating={false} editable={allEditable} />;
}
const renderAccount = (employee: EmployeeDetail) =>
  render(
    <MantineProvider env="test">
      <Account employee={employee} />
    </MantineProvider>,
  );

describe('the disable dialog', () => {
  it('asks the separation, requires the type, and sends the answers with the form', async () => {
    renderAccount(record(null));
    await userEvent.click(screen.getByRole('radio', { name: 'No (disabled)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable employee' });
    expect(dialog).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(employmentMessages.separationType)).toBeTruthy();
    expect(latest?.active).toBe('0');

    const date = screen.getByLabelText(/Separation date/) as HTMLInputElement;
    await userEvent.clear(date);
    await userEvent.type(date, '2026-01-30');
    await userEvent.click(screen.getByRole('radio', { name: 'Involuntary' }));
    await userEvent.type(screen.getByLabelText(/Reason/), 'Role ended');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Disable employee' })).toBeNull());
    expect(latest).toMatchObject({
      active: '1',
      separation_date: '2026-01-30',
      separation_type: 'involuntary',
      separation_reason: 'Role ended',
    });
    expect(screen.getByText('Separation on 2026-01-30, involuntary. Save to disable.')).toBeTruthy();
    const sent = employeeFormData(latest!, { includeAgent: false });
    expect([sent.get('active'), sent.get('separation_date'), sent.get('separation_type')]).toEqual([
      '1',
      '2026-01-30',
      'involuntary',
    ]);
    expect(sent.get('separation_reason')).toBe('Role ended');
  });

  it('cancel keeps the employee enabled and sends no separation', async () => {
    renderAccount(record(null));
    await userEvent.click(screen.getByRole('radio', { name: 'No (disabled)' }));
    await screen.findByRole('dialog', { name: 'Disable employee' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(latest?.active).toBe('0');
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(employeeFormData(latest!, { includeAgent: false }).has('separation_date')).toBe(false);
  });

  it('a future separation date is refused in the dialog', async () => {
    renderAccount(record(null));
    await userEvent.click(screen.getByRole('radio', { name: 'No (disabled)' }));
    const date = (await screen.findByLabelText(/Separation date/)) as HTMLInputElement;
    await userEvent.clear(date);
    await userEvent.type(date, '2999-01-01');
    await userEvent.click(screen.getByRole('radio', { name: 'Voluntary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(employmentMessages.separationFuture)).toBeTruthy();
    expect(latest?.active).toBe('0');
  });
});

describe('the enable dialog', () => {
  it('asks the rehire date of a disabled employee and sends it', async () => {
    renderAccount(record('2026-01-30T12:00:00.000Z'));
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await screen.findByRole('dialog', { name: 'Enable employee' });
    const date = screen.getByLabelText(/Rehire date/) as HTMLInputElement;
    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-02');
    await userEvent.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(latest).toMatchObject({ active: '0', rehire_date: '2026-03-02' });
    const sent = employeeFormData(latest!, { includeAgent: false });
    expect(sent.get('rehire_date')).toBe('2026-03-02');
    expect(sent.has('separation_date')).toBe(false);
  });
});

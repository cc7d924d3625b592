import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { generatedPasswordAlphabet } from '@switchboard/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AccountFields, allEditable, employeeFormValues } from './employee-form-fields.tsx';

function NewEmployeeAccount() {
  const form = useForm({ mode: 'controlled', initialValues: employeeFormValues(null) });
  return <AccountFields form={form} employee={null} creating editable={allEditable} />;
}

describe('employee account fields (spec 1 §5)', () => {
  it("shows 'Min 6 Characters' in the password inputs and Generate fills both with letters, digits and a symbol", async () => {
    render(
      <MantineProvider env="test">
        <NewEmployeeAccount />
      </MantineProvider>,
    );
    const password = screen.getByLabelText(/^Password/) as HTMLInputElement;
    const confirmation = screen.getByLabelText(/^Confirm Password/) as HTMLInputElement;
    expect(password.placeholder).toBe('Min 6 Characters');
    expect(confirmation.placeholder).toBe('Min 6 Characters');

    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(password.value).toHaveLength(10);
    expect(confirmation.value).toBe(password.value);
    expect([...password.value].some((c) => generatedPasswordAlphabet.symbols.includes(c))).toBe(true);
  });
});

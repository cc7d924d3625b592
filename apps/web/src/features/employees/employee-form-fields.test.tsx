import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { generatedPasswordAlphabet, type EmployeeDetail } from '@switchboard/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { AccountFields, AgentFields, allEditable, employeeFormValues } from './employee-form-fields.tsx';

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

const ownRecord = {
  user_id: 7,
  user: {
    id: 7,
    role: 'user',
    name: 'Owen Owner',
    email: 'owen@example.test',
    photo: null,
    shortname: 'Owen',
    permissions: [],
    two_factor: { twofactor_enabled: true },
  },
  departments: [],
  agent_settings: null,
  deleted_at: null,
} as unknown as EmployeeDetail;

function OwnAccount({ own }: { own: boolean }) {
  const form = useForm({ mode: 'controlled', initialValues: employeeFormValues(ownRecord) });
  const editable = { ...allEditable, disable: false };
  return <AccountFields form={form} employee={ownRecord} creating={false} editable={editable} own={own} />;
}

describe('own account fields (decision 0057)', () => {
  const renderOwn = (own: boolean) =>
    render(
      <MantineProvider env="test">
        <OwnAccount own={own} />
      </MantineProvider>,
    );

  it('asks for the current password once the own password, e-mail or two-factor changes', async () => {
    renderOwn(true);
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Password/), 'New-pass-1');
    expect(screen.getByLabelText(/^Current Password/)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText(/^Password/));
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Email/), 'x');
    expect(screen.getByLabelText(/^Current Password/)).toBeTruthy();
  });

  it('asks for it when the own two-factor is switched off, and never on someone else', async () => {
    const { unmount } = renderOwn(true);
    await userEvent.click(screen.getByRole('switch'));
    expect(screen.getByLabelText(/^Current Password/)).toBeTruthy();
    unmount();
    renderOwn(false);
    await userEvent.type(screen.getByLabelText(/^Password/), 'New-pass-1');
    expect(screen.queryByLabelText(/^Current Password/)).toBeNull();
  });
});

function AgentTab({ testPhone }: { testPhone: boolean }) {
  const form = useForm({ mode: 'controlled', initialValues: employeeFormValues(ownRecord) });
  return <AgentFields form={form} numbers={[]} employeeId={7} editable={allEditable} testPhone={testPhone} />;
}

describe("the Agent tab's Test phone (designs/crm-softphone.md §4.11)", () => {
  const renderAgent = (testPhone: boolean) =>
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <AgentTab testPhone={testPhone} />
      </Providers>,
    );

  it('asks the server to log the saved settings in and shows Connected', async () => {
    const api = stubApi({
      'POST /api/crm/agents/7/test_phone': [200, { message: 'Connected', data: { connected: true } }],
    });
    renderAgent(true);
    await userEvent.click(screen.getByRole('button', { name: 'Test phone' }));
    expect((await screen.findByRole('status')).textContent).toBe('Connected');
    expect(api.callsTo('POST', '/api/crm/agents/7/test_phone')).toHaveLength(1);
  });

  it("shows the provider's reason when the phone does not register, and no button without 'manage crm'", async () => {
    stubApi({
      'POST /api/crm/agents/7/test_phone': [
        422,
        { message: 'The given data was invalid.', errors: { phone: ['Authentication Failure'] } },
      ],
    });
    const { unmount } = renderAgent(true);
    await userEvent.click(screen.getByRole('button', { name: 'Test phone' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication Failure');
    unmount();
    renderAgent(false);
    expect(screen.queryByRole('button', { name: 'Test phone' })).toBeNull();
  });
});

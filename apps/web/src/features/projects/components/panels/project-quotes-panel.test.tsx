import { defaultUserSettings, type ProjectDetail } from '@switchboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import { stubApi } from '../../../../test/api-stub.ts';
import { fakeSocketModule } from '../../../../test/fake-socket.ts';
import { renderApp } from '../../../../test/render.tsx';
import { answerSaveQuestion, projectFixture } from '../../test-fixtures.ts';

vi.mock('socket.io-client', () => fakeSocketModule);

// Issue 18 part 7 (decision 0047): Product Requirements (order 4), Project Quotes (order 5) and the gate they put on
// Labor Quote Approval (order 6), spec 3 §2, §4, §5, §8.

const session = {
  data: {
    user: {
      id: 1,
      type: 'Employee',
      role: 'user',
      name: 'Quinn Quoter',
      shortname: 'Quinn',
      email: 'q@example.com',
      photo: null,
      settings: defaultUserSettings,
    },
    permissions: ['view dashboard', 'view billing'],
    notifications: [],
    agent_settings: {
      has_settings: false,
      phone_number: null,
      username: null,
      callback_number: null,
      connection_id: null,
    },
    token_id: 'token-1',
    shadowing: false,
  },
};

const base = projectFixture;

const draft = { id: 31, number: null, title: 'Firewall', status: 'draft', total: 1200, completed: false };
const quoted: Partial<ProjectDetail> = {
  product_requirements: [
    { id: 7, option: 1, product: 'Firewall', quote_id: 31, quote: draft },
    { id: 8, option: 2, product: 'Switch', quote_id: null, quote: null },
  ],
  quotes: [{ ...draft, requirement_id: 7 }],
};

function open(start: Partial<ProjectDetail> = {}, permissions = session.data.permissions) {
  const project: ProjectDetail = { ...base, ...start };
  authStore.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1', token_id: 'token-1', expires_in: 900 });
  const api = stubApi({
    'GET /api/session': [200, { data: { ...session.data, permissions } }],
    'GET /api/misc/staticdata': [200, { data: {} }],
    'GET /api/notifications': [200, { data: [] }],
    'GET /api/users/employee.list': [200, { data: [] }],
    'GET /api/project/12': () => [200, { data: project }],
    'POST /api/project/project_step': [200, { message: 'Product requirements saved.' }],
    'POST /api/project/quotes/31/complete': [200, { message: 'Quote completed.', data: { id: 31 } }],
    'POST /api/project/12/quotes': [200, { message: 'Quote saved.', data: { id: 32 } }],
  });
  renderApp('/projects/12');
  return api;
}

// The first render loads the page's chunks: a busy machine takes longer than the default wait.
const card = (name: string) => screen.findByRole('group', { name }, { timeout: 30_000 });

describe('Product Requirements and Project Quotes panels', { timeout: 60_000 }, () => {
  it('adds requirements with an option 1 to 10 and a product, refusing an empty product before the call', async () => {
    const api = open();
    const requirements = await card('Product Requirements');
    expect(await within(requirements).findByText('No product requirements yet.')).toBeTruthy();
    await userEvent.click(within(requirements).getByRole('button', { name: 'Add Requirement' }));
    await userEvent.click(within(requirements).getByRole('button', { name: 'Save Requirements' }));
    expect(await within(requirements).findByText('The product field is required.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step')).toHaveLength(0);

    fireEvent.change(within(requirements).getByLabelText('Product of requirement 1'), {
      target: { value: 'Firewall' },
    });
    await userEvent.click(within(requirements).getByRole('combobox', { name: 'Option of requirement 1' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    await userEvent.click(options[9]!);
    await userEvent.click(within(requirements).getByRole('button', { name: 'Save Requirements' }));
    // Spec 3 §4: the open step asks whether to close it with the save.
    await answerSaveQuestion('Save & Close', 'Save Requirements');
    expect(await screen.findByText('Product requirements saved.', {}, { timeout: 15_000 })).toBeTruthy();
    expect(api.callsTo('POST', '/api/project/project_step').map((call) => call.body)).toEqual([
      {
        step: 'Product Requirements',
        project_id: 12,
        products: [{ id: null, option: 10, product: 'Firewall', quote_id: null }],
        close: 1,
      },
    ]);
  });

  it('lists a quote per requirement with its PDF link, marks one done, and blocks closing Labor Quote Approval', async () => {
    const api = open(quoted);
    const quotesCard = await card('Project Quotes');
    const link = await within(quotesCard).findByRole('link', { name: 'Draft 31' });
    expect(link.getAttribute('href')).toBe('/pdf/quote/31');
    expect(within(quotesCard).getByText('$1,200.00')).toBeTruthy();
    expect(within(quotesCard).getByRole('button', { name: 'Create Quote' })).toBeTruthy();

    // Spec 3 §4: the message replaces the close control of the Labor Quote Approval card.
    const approval = await card('Labor Quote Approval');
    expect(within(approval).getByText("Can't close until all quotes completed.")).toBeTruthy();
    expect(within(approval).queryByRole('button', { name: 'Save & Close' })).toBeNull();

    await userEvent.click(within(quotesCard).getByRole('button', { name: 'Mark Done' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/project/quotes/31/complete')).toHaveLength(1));
    expect(await screen.findByText('Quote completed.')).toBeTruthy();
  });

  it('lets Labor Quote Approval close once every quote is completed', async () => {
    const done = { ...draft, number: 'Q-000004', status: 'sent', completed: true };
    open({
      product_requirements: [{ id: 7, option: 1, product: 'Firewall', quote_id: 31, quote: done }],
      quotes: [{ ...done, requirement_id: 7 }],
    });
    const approval = await card('Labor Quote Approval');
    expect(await within(approval).findByRole('button', { name: 'Save & Close' })).toBeTruthy();
    expect(within(approval).queryByText("Can't close until all quotes completed.")).toBeNull();
    const quotesCard = await card('Project Quotes');
    expect(within(quotesCard).getByRole('link', { name: 'Q-000004' })).toBeTruthy();
    expect(within(quotesCard).queryByRole('button', { name: 'Mark Done' })).toBeNull();
  });
});

// Issue 26 §2 item 1 (decision 0073): the project's coordinator and quoter quote without 'view billing'.
describe('who quotes on Project Quotes', { timeout: 60_000 }, () => {
  const withoutBilling = ['view dashboard'];

  it("lets the project's coordinator create a requirement's quote, its first line taken from the requirement", async () => {
    const api = open({ ...quoted, coordinator_id: 1 }, withoutBilling);
    const quotesCard = await card('Project Quotes');
    const row = (await within(quotesCard).findByText('Option 2: Switch')).closest('tr')!;
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Create Quote' }));
    const editor = await screen.findByRole('dialog', { name: 'Create Quote' });
    expect((within(editor).getByLabelText('Title') as HTMLInputElement).value).toBe('Switch');
    expect((within(editor).getByLabelText('Description of line 1') as HTMLInputElement).value).toBe('Switch');
    expect((within(editor).getByLabelText('Quantity of line 1') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(editor).getByLabelText('Unit price of line 1'), { target: { value: '149.5' } });
    await userEvent.click(within(editor).getByRole('button', { name: 'Save Quote' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/project/12/quotes')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/project/12/quotes')[0]!.body).toMatchObject({
      requirement_id: 8,
      title: 'Switch',
      lines: [{ description: 'Switch', quantity: '1', unit_price: '149.5', optional: false }],
    });
    expect(await screen.findByText('Quote saved.')).toBeTruthy();
    // The existing quote is the coordinator's to edit and mark done too.
    expect(within(quotesCard).getByRole('button', { name: 'Edit Quote' })).toBeTruthy();
    expect(within(quotesCard).getByRole('button', { name: 'Mark Done' })).toBeTruthy();
  });

  it('lets the quoter quote', async () => {
    open({ ...quoted, coordinator_id: 5, quoter_id: 1 }, withoutBilling);
    const asQuoter = await card('Project Quotes');
    expect(await within(asQuoter).findByRole('button', { name: 'Create Quote' })).toBeTruthy();
  });

  it('shows another technician the quotes and their PDF links, without the buttons', async () => {
    open({ ...quoted, coordinator_id: 5, quoter_id: 6 }, withoutBilling);
    const quotesCard = await card('Project Quotes');
    const link = await within(quotesCard).findByRole('link', { name: 'Draft 31' });
    expect(link.getAttribute('href')).toBe('/pdf/quote/31');
    expect(within(quotesCard).queryByRole('button', { name: 'Create Quote' })).toBeNull();
    expect(within(quotesCard).queryByRole('button', { name: 'Edit Quote' })).toBeNull();
    expect(within(quotesCard).queryByRole('button', { name: 'Mark Done' })).toBeNull();
  });
});

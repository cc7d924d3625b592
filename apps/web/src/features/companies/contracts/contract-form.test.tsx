import { notifications } from '@mantine/notifications';
import {
  contractCreateFailedMessage,
  contractUpdateFailedMessage,
  itemSearchHint,
  type BillingItem,
  type Contract,
  type GroupedBillingItems,
} from '@switchboard/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../../app/providers.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/api-stub.ts';
import { enterText } from '../../../test/enter-text.ts';
import { signedInResponse } from '../../../test/signed-in.ts';
import { contractChangeNeedsBillingMessage, ContractsTab } from '../tabs/contracts-tab.tsx';
import { itemSearchFailedMessage } from './recurring-item-modal.tsx';

const item = (id: number, name: string, type: BillingItem['type'], extra: Partial<BillingItem> = {}): BillingItem => ({
  id,
  name,
  type,
  price: 0,
  taxable: 0,
  fee_percent: null,
  ...extra,
});

const billingItems: GroupedBillingItems = {
  retainer_items: [item(1, 'Managed Retainer', 'retainer', { price: 95 })],
  overage_items: [item(2, 'Overage Labor', 'overage', { price: 150, taxable: 1 })],
  fee_items: [item(3, 'Late Fee', 'fee', { fee_percent: 1.5 })],
  cloud_items: [],
};

const contract: Contract = {
  id: 9,
  company_id: 5,
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  payment_terms: 20,
  retainer_item: { id: 1, name: 'Managed Retainer' },
  overage_item: { id: 2, name: 'Overage Labor' },
  late_fee_item: { id: 3, name: 'Late Fee' },
  retainer_taxable: 0,
  overage_taxable: 1,
  late_fee_taxable: 0,
  retainer_price: 95,
  overage_price: 150,
  late_fee_percent: 1.5,
  retainer_hours: 10,
  device_count: 12,
  max_rollover: 20,
  paperless: 0,
  billing_contacts_id: [],
  recurring_items: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The answers the contract form needs to open; `extra` adds or overrides routes. */
function stubContractApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/companies/contracts/billing_items': [200, { data: billingItems }],
    'GET /api/users/client.list.5': [200, { data: [] }],
    'GET /api/companies/contracts/9': [200, { data: contract }],
    ...extra,
  });
}

/** The company Contracts tab at /companies/5/contracts/{method}/{methodId}, as the company page mounts it. */
function renderContractsTab(method: 'new' | 'edit' | 'index', methodId?: string) {
  const address = ['/companies/5/contracts', method === 'index' ? null : method, methodId].filter(Boolean).join('/');
  const router = createMemoryRouter(
    [
      {
        path: '/companies/:companyId/contracts/:method?/:methodId?',
        element: <ContractsTab companyId={5} companyName="Acme Dental" method={method} methodId={methodId} />,
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills what the create form needs before it sends: end date and the three items. */
async function fillNewContract(user: ReturnType<typeof userEvent.setup>) {
  await enterText(user, await screen.findByLabelText(/^End Date/), '2027-12-31');
  await choose(user, /^Retainer Item/, 'Managed Retainer');
  await choose(user, /^Overage Item/, 'Overage Labor');
  await choose(user, /^Late Fee Item/, 'Late Fee');
}

/** The error text Mantine links to an input through aria-describedby (the text shown under the field). */
function describedBy(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

/** A red Mantine toast whose text is exactly `text`. */
async function findErrorToast(text: string): Promise<HTMLElement> {
  const toast = (await screen.findByText(text)).closest<HTMLElement>('.mantine-Notification-root');
  expect(toast?.getAttribute('role')).toBe('alert');
  expect(toast?.getAttribute('style')).toContain('--notification-color: var(--mantine-color-red-filled)');
  return toast!;
}

afterEach(() => {
  // Toasts live in a module-wide store: one left from a test would match the next test's text.
  notifications.clean();
  authStore.clear();
});

describe('contract form failures (spec 2 §8)', { timeout: 20_000 }, () => {
  it(`toasts '${contractCreateFailedMessage}' when the create fails with a 500 and stays on the form`, async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const api = stubContractApi({ 'POST /api/companies/contracts/': [500, { message: 'Server Error' }] });
    const user = userEvent.setup();
    const router = renderContractsTab('new');
    await fillNewContract(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await findErrorToast('Some error occured! Please try again')).toBeTruthy();
    expect(screen.queryByText(contractUpdateFailedMessage)).toBeNull();
    expect(screen.queryByText('Server Error')).toBeNull();
    expect(api.callsTo('POST', '/api/companies/contracts/')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/companies/5/contracts/new');
    expect(screen.getByRole('form', { name: 'New Contract' })).toBeTruthy();
  });

  it(`toasts '${contractCreateFailedMessage}' when the server cannot be reached`, async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const api = stubContractApi({
      'POST /api/companies/contracts/': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderContractsTab('new');
    await fillNewContract(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await findErrorToast('Some error occured! Please try again')).toBeTruthy();
    expect(api.callsTo('POST', '/api/companies/contracts/')).toHaveLength(1);
  });

  it(`toasts '${contractUpdateFailedMessage}' when an update fails`, async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const api = stubContractApi({ 'POST /api/companies/contracts/9': [500, { message: 'Server Error' }] });
    const user = userEvent.setup();
    const router = renderContractsTab('edit', '9');
    await screen.findByRole('form', { name: 'Edit Contract' });
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await findErrorToast('An error occured.')).toBeTruthy();
    expect(screen.queryByText(contractCreateFailedMessage)).toBeNull();
    const [update] = api.callsTo('POST', '/api/companies/contracts/9');
    expect(update.body).toMatchObject({ _method: 'PUT', company_id: 5 });
    expect(router.state.location.pathname).toBe('/companies/5/contracts/edit/9');
  });

  it("shows a 422's field messages under their fields", async () => {
    authStore.signIn(signedInResponse(['view billing']));
    stubContractApi({
      'POST /api/companies/contracts/': [
        422,
        {
          message: 'The given data was invalid.',
          errors: {
            end_date: ['The end date must be a date after or equal to start date.'],
            retainer_item: ['The selected retainer item is invalid.'],
          },
        },
      ],
    });
    const user = userEvent.setup();
    const router = renderContractsTab('new');
    await fillNewContract(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));

    const endDate = screen.getByLabelText(/^End Date/);
    await waitFor(() =>
      expect(describedBy(endDate)).toContain('The end date must be a date after or equal to start date.'),
    );
    expect(endDate.getAttribute('aria-invalid')).toBe('true');
    const retainer = screen.getByRole('combobox', { name: /^Retainer Item/ });
    expect(describedBy(retainer)).toContain('The selected retainer item is invalid.');
    expect(retainer.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: /^Overage Item/ }).getAttribute('aria-invalid')).not.toBe('true');
    expect(router.state.location.pathname).toBe('/companies/5/contracts/new');
  });
});

describe('recurring item search (spec 2 §5, §9)', { timeout: 20_000 }, () => {
  it(`describes the item field with '${itemSearchHint}' and searches only above 3 characters`, async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const api = stubContractApi({
      'GET /api/billing/search/items/back': [200, { data: [item(7, 'Backup Seat', 'cloud', { price: 12 })] }],
    });
    const searches = () =>
      api.calls.filter((call) => call.url.startsWith('/api/billing/search/items/')).map((call) => call.url);
    // The search waits 300 ms after the last key: the test moves the clock past it instead of sleeping.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderContractsTab('new');
    await user.click(await screen.findByRole('button', { name: 'Add Recurring Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Recurring Item' });
    const search = within(dialog).getByRole('combobox', { name: /^Item/ });
    expect(describedBy(search)).toBe('Type 3 Characters to Search');

    await user.type(search, 'bac');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(searches()).toEqual([]);

    // Sentinel: 'back' is searched; a search for 'bac', its debounce run out, would have come before it.
    await user.type(search, 'k');
    await act(() => vi.advanceTimersByTimeAsync(400));
    await waitFor(() => expect(searches()).toEqual(['/api/billing/search/items/back']));
    expect(await within(dialog).findByRole('option', { name: 'Backup Seat' })).toBeTruthy();
  });
});

describe('contracts list (spec 2 §2 Contracts)', { timeout: 20_000 }, () => {
  it('marks only the active contract Active', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const expired: Contract = { ...contract, id: 8, start_date: '2025-01-01', end_date: '2025-12-31' };
    stubContractApi({
      'GET /api/companies/contracts.5': [200, { data: [contract, expired] }],
      'GET /api/company/5': [200, { data: { id: 5, active_contract: { id: 9 } } }],
    });
    renderContractsTab('index');
    const row = async (id: number) => {
      await screen.findByText(id === 9 ? '2026-01-01' : '2025-01-01');
      return document.querySelector<HTMLElement>(`tr[data-contract-id="${id}"]`)!;
    };
    const active = await row(9);
    await waitFor(() => expect(within(active).getByText('Active')).toBeTruthy());
    expect(within(await row(8)).queryByText('Active')).toBeNull();
    expect(screen.getAllByText('Active')).toHaveLength(1);
  });
});

describe('recurring item dialog pre-fill (spec 2 §4)', { timeout: 40_000 }, () => {
  it('pre-fills quantity 1, the price and Taxable from the chosen item', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    stubContractApi({
      'GET /api/billing/search/items/back': [
        200,
        { data: [item(7, 'Backup Seat', 'cloud', { price: 12, taxable: 1 })] },
      ],
      'GET /api/billing/search/items/lice': [
        200,
        { data: [item(8, 'License Seat', 'cloud', { price: 4, taxable: 0 })] },
      ],
    });
    const user = userEvent.setup();
    renderContractsTab('new');
    await user.click(await screen.findByRole('button', { name: 'Add Recurring Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Recurring Item' });
    const search = within(dialog).getByRole('combobox', { name: /^Item/ });
    const taxable = within(dialog).getByRole('checkbox', { name: 'Taxable' }) as HTMLInputElement;
    expect(taxable.checked).toBe(false);

    await user.type(search, 'back');
    await user.click(await within(dialog).findByRole('option', { name: 'Backup Seat' }));
    await waitFor(() => expect(taxable.checked).toBe(true));
    expect((within(dialog).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('1');
    expect((within(dialog).getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('$12');

    // Another item brings its own flag: a non-taxable one clears the box.
    await user.clear(search);
    await user.type(search, 'lice');
    await user.click(await within(dialog).findByRole('option', { name: 'License Seat' }));
    await waitFor(() => expect(taxable.checked).toBe(false));
    expect((within(dialog).getByRole('textbox', { name: 'Price' }) as HTMLInputElement).value).toBe('$4');
  });
});

describe('contract controls follow the view billing permission (issue 16)', { timeout: 20_000 }, () => {
  const stubContractList = () =>
    stubContractApi({ 'GET /api/companies/contracts.5': [200, { data: [contract] }], 'GET /api/company/5': [404, {}] });

  it('disables Add Contract with the reason and offers no Edit to staff without it', async () => {
    authStore.signIn(signedInResponse());
    stubContractList();
    renderContractsTab('index');
    expect(await screen.findByText('2026-01-01')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add Contract' });
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(describedBy(add)).toBe(contractChangeNeedsBillingMessage);
    expect(screen.queryByRole('link', { name: /^Edit contract/ })).toBeNull();
  });

  it('offers Add Contract and Edit with it', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    stubContractList();
    renderContractsTab('index');
    expect(await screen.findByRole('link', { name: 'Edit contract starting 2026-01-01' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Contract' })).toBeTruthy();
    expect(screen.queryByText(contractChangeNeedsBillingMessage)).toBeNull();
  });

  it('shows the reason instead of the form, and searches nothing, on the new and edit addresses', async () => {
    authStore.signIn(signedInResponse());
    const api = stubContractApi();
    renderContractsTab('new');
    expect((await screen.findByRole('alert')).textContent).toContain(contractChangeNeedsBillingMessage);
    expect(screen.queryByRole('form', { name: 'New Contract' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Recurring Item' })).toBeNull();
    expect(api.calls.filter((call) => call.url.startsWith('/api/billing/'))).toEqual([]);
  });

  it('says so when the item search is refused instead of finding nothing', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    stubContractApi({ 'GET /api/billing/search/items/back': [403, { message: 'This action is unauthorized.' }] });
    const user = userEvent.setup();
    renderContractsTab('new');
    await user.click(await screen.findByRole('button', { name: 'Add Recurring Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Recurring Item' });
    const search = within(dialog).getByRole('combobox', { name: /^Item/ });
    await user.type(search, 'back');
    await waitFor(() => expect(describedBy(search)).toContain(itemSearchFailedMessage));
  });
});

describe('recurring item dialog messages (spec 2 §5; issue 26 §2.9)', { timeout: 40_000 }, () => {
  it("drops 'Quantity must be set.' as soon as the quantity is valid, typed or pre-filled", async () => {
    authStore.signIn(signedInResponse(['view billing']));
    stubContractApi({
      'GET /api/billing/search/items/back': [200, { data: [item(7, 'Backup Seat', 'cloud', { price: 12 })] }],
    });
    const user = userEvent.setup();
    renderContractsTab('new');
    await user.click(await screen.findByRole('button', { name: 'Add Recurring Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Recurring Item' });
    const search = within(dialog).getByRole('combobox', { name: /^Item/ });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });

    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(describedBy(quantity)).toBe('Quantity must be set.'));
    expect(describedBy(search)).toContain('Item must be selected');

    // Typing a valid quantity clears its message at once; the item's stays until an item is chosen.
    await user.type(quantity, '3');
    await waitFor(() => expect(describedBy(quantity)).toBe(''));
    expect(describedBy(search)).toContain('Item must be selected');
    expect(within(dialog).queryByText('Quantity must be set.')).toBeNull();

    // Emptied again and refused again, then an item pre-fills quantity 1: both messages go.
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    await waitFor(() => expect(describedBy(quantity)).toBe('Quantity must be set.'));
    await user.type(search, 'back');
    await user.click(await within(dialog).findByRole('option', { name: 'Backup Seat' }));
    await waitFor(() => expect((quantity as HTMLInputElement).value).toBe('1'));
    expect(describedBy(quantity)).toBe('');
    expect(describedBy(search)).not.toContain('Item must be selected');
    expect(within(dialog).queryByText('Quantity must be set.')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    const table = await screen.findByRole('table', { name: 'Recurring Items' });
    await waitFor(() => expect(within(table).getByText('Backup Seat')).toBeTruthy());
  });
});

describe('overlapping contracts (issue 26 §2.9, decision 0075)', { timeout: 40_000 }, () => {
  it('warns before saving when the dates overlap another contract, in the refusal’s words for the same type', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const api = stubContractApi({
      'GET /api/companies/contracts.5': [200, { data: [contract] }],
      'POST /api/companies/contracts/': [
        422,
        {
          message: 'The given data was invalid.',
          errors: {
            start_date: [
              'A Managed Retainer contract already covers these dates (2026-01-01 to 2026-12-31). Change the dates or edit that contract.',
            ],
          },
        },
      ],
    });
    const user = userEvent.setup();
    renderContractsTab('new');
    const start = await screen.findByLabelText(/^Start Date/);
    await user.clear(start);
    await enterText(user, start, '2026-10-01');
    await enterText(user, screen.getByLabelText(/^End Date/), '2027-09-30');

    const warning = await screen.findByRole('status');
    expect(within(warning).getByText('Overlapping contract')).toBeTruthy();
    expect(warning.textContent).toContain(
      'These dates overlap the Managed Retainer contract of 2026-01-01 to 2026-12-31.',
    );

    // The same type makes it identical: the line says the server will refuse it; saving stays possible (non-blocking).
    await choose(user, /^Retainer Item/, 'Managed Retainer');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'A Managed Retainer contract already covers these dates (2026-01-01 to 2026-12-31). Change the dates or edit that contract.',
      ),
    );
    await choose(user, /^Overage Item/, 'Overage Labor');
    await choose(user, /^Late Fee Item/, 'Late Fee');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/companies/contracts/')).toHaveLength(1));
    // The server's 422 shows under Start Date.
    await waitFor(() =>
      expect(describedBy(screen.getByLabelText(/^Start Date/))).toContain(
        'A Managed Retainer contract already covers these dates (2026-01-01 to 2026-12-31).',
      ),
    );

    // Starting the day after the other one ends: no overlap, no warning.
    await user.clear(start);
    await enterText(user, start, '2027-01-01');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('does not count the contract being edited as its own overlap', async () => {
    authStore.signIn(signedInResponse(['view billing']));
    const renewal: Contract = { ...contract, id: 10, start_date: '2026-12-01', end_date: '2027-11-30' };
    stubContractApi({ 'GET /api/companies/contracts.5': [200, { data: [renewal, contract] }] });
    renderContractsTab('edit', '9');
    await screen.findByRole('heading', { name: 'Edit Contract for Acme Dental' });
    // Only the renewal is named: the contract on screen is not its own twin.
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toContain(
      'A Managed Retainer contract already covers these dates (2026-12-01 to 2027-11-30).',
    );
    expect(warning.textContent).not.toContain('2026-01-01');
    expect(within(warning).getAllByText(/Managed Retainer/)).toHaveLength(1);
  });
});

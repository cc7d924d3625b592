import {
  deliveryFilters,
  invoiceListQuerySchema,
  invoiceStatusFilters,
  invoiceTypes,
} from '@switchboard/shared/billing/invoices';
import type { PaymentState } from '@switchboard/shared/billing/payment-state';

// The list's filters live in the URL (designs/billing.md §5): a reload, Back or a shared link shows the same list.
// Each key is read through the contract's own schema, so a hand-edited URL cannot send what the server refuses.

export const invoiceFilterKeys = [
  'status',
  'type',
  'company_id',
  'from',
  'to',
  'due_from',
  'due_to',
  'run_month',
  'delivery',
  'to_print',
  'number',
] as const;
export type InvoiceFilterKey = (typeof invoiceFilterKeys)[number];

/** Every filter as the URL holds it ('' when not set), and the page. */
export type InvoiceFilters = Record<InvoiceFilterKey, string> & { page: number; per_page: number };

export const defaultInvoicePerPage = 50;

const shape = invoiceListQuerySchema.shape;

/** Reads the filters from the URL; a value the contract would refuse is dropped. */
export function filtersFromParams(params: URLSearchParams): InvoiceFilters {
  const filters = { page: 1, per_page: defaultInvoicePerPage } as InvoiceFilters;
  for (const key of invoiceFilterKeys) {
    const raw = params.get(key) ?? '';
    filters[key] = raw !== '' && shape[key].safeParse(raw).success ? raw : '';
  }
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  const perPage = shape.per_page.safeParse(params.get('per_page') ?? undefined);
  if (page.success) filters.page = page.data;
  if (perPage.success) filters.per_page = perPage.data;
  return filters;
}

/**
 * The URL after changing some filters: empty values and defaults leave the URL, any filter change goes back to page
 * 1, and other keys (the drawer's `id`) stay.
 */
export function paramsWithFilters(
  current: URLSearchParams,
  changes: Partial<Record<InvoiceFilterKey | 'page' | 'per_page', string | number>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const filterChanged = Object.keys(changes).some((key) => key !== 'page');
  if (filterChanged && !('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    const text = value === undefined ? '' : String(value);
    const isDefault =
      (key === 'page' && text === '1') || (key === 'per_page' && text === String(defaultInvoicePerPage));
    if (text === '' || isDefault) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/** The query of GET /api/billing/invoices: only what is set. */
export function listQuery(filters: InvoiceFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filters.page, per_page: filters.per_page };
  for (const key of invoiceFilterKeys) if (filters[key] !== '') query[key] = filters[key];
  return query;
}

export const statusFilterLabels: Record<(typeof invoiceStatusFilters)[number], string> = {
  draft: 'Draft',
  approved: 'Approved',
  posted: 'Posted (any payment state)',
  open: 'Open',
  partially_paid: 'Partially Paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const deliveryFilterLabels: Record<(typeof deliveryFilters)[number], string> = {
  sent: 'Sent',
  failed: 'Failed',
  pending: 'Pending',
  none: 'Not sent',
};

export const stateColors: Record<PaymentState, string> = {
  Draft: 'gray',
  Approved: 'blue',
  Open: 'cyan',
  'Partially Paid': 'yellow',
  Paid: 'green',
  Overdue: 'red',
  Void: 'dark',
};

export { deliveryFilters, invoiceStatusFilters, invoiceTypes };

import { z } from 'zod';
import { isoDateText, jsonText } from './validation.ts';

/** Contracts, billing items and recurring items (spec 2 §2 Contracts, §3, §4, §5, §7, §8, §9). Decision 0018. */

export const contractCreatedMessage = 'Contract created.';
export const contractUpdatedMessage = 'Contract updated.';
/** Spec 2 §8. */
export const contractCreateFailedMessage = 'Some error occured! Please try again';
export const contractUpdateFailedMessage = 'An error occured.';
export const quantityRequiredMessage = 'Quantity must be set.';
export const itemRequiredMessage = 'Item must be selected';
export const itemSearchHint = 'Type 3 Characters to Search';
/** Spec 2 §9: search starts only above 3 characters. */
export const ITEM_SEARCH_MIN_LENGTH = 4;
export const DEFAULT_PAYMENT_TERMS = 20;
export const adjustmentCreatedMessage = 'Adjustment added.';
export const adjustmentDeletedMessage = 'Adjustment removed.';

export const billingItemTypes = ['retainer', 'overage', 'fee', 'cloud', 'service', 'product'] as const;
export type BillingItemType = (typeof billingItemTypes)[number];

export const billingItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(billingItemTypes),
  price: z.number(),
  taxable: z.number().int(),
  fee_percent: z.number().nullable(),
});
export type BillingItem = z.infer<typeof billingItemSchema>;

export const groupedBillingItemsSchema = z.object({
  retainer_items: z.array(billingItemSchema),
  overage_items: z.array(billingItemSchema),
  fee_items: z.array(billingItemSchema),
  cloud_items: z.array(billingItemSchema),
});
export type GroupedBillingItems = z.infer<typeof groupedBillingItemsSchema>;

/** 'Net 20' (spec 2 §9). */
export const formatPaymentTerms = (days: number) => `Net ${days}`;
/** max_rollover above 1000 means unlimited (spec 2 §9). */
export const formatMaxRollover = (hours: number) => (hours > 1000 ? 'Unlimited' : String(hours));

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const number = (label: string, options: { step?: number; integer?: boolean } = {}) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: `The ${label} field is required.` })
      .min(0, `The ${label} must be at least 0.`)
      .max(1_000_000, `The ${label} may not be greater than 1000000.`)
      .refine((n) => !options.integer || Number.isInteger(n), `The ${label} must be an integer.`)
      .refine(
        (n) => !options.step || Math.abs(n / options.step - Math.round(n / options.step)) < 1e-9,
        `The ${label} must be a multiple of ${options.step}.`,
      ),
  );
const flag = z.preprocess(
  (value) =>
    value === true || value === '1' || value === 1
      ? 1
      : value === false || value === '0' || value === 0 || value === undefined || value === null || value === ''
        ? 0
        : value,
  z.union([z.literal(0), z.literal(1)], { error: 'Must be 0 or 1.' }),
);
const itemId = (label: string) =>
  z.preprocess(
    (value) => {
      const v = emptyToUndefined(value);
      return typeof v === 'string' ? Number(v) : v;
    },
    z
      .number({ error: `The ${label} field is required.` })
      .int()
      .positive(`The ${label} field is required.`),
  );

export const recurringItemInputSchema = z.object({
  id: z.union([z.literal('new'), z.number().int().positive()]).optional(),
  item_id: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z.number({ error: itemRequiredMessage }).int().positive(itemRequiredMessage),
  ),
  quantity: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: quantityRequiredMessage })
      .int('The quantity must be a whole number.')
      .min(0, 'The quantity must be at least 0.')
      .max(1_000_000),
  ),
  price: number('price'),
  taxable: flag,
});
export type RecurringItemInput = z.infer<typeof recurringItemInputSchema>;

/** Row total of a recurring item (spec 2 §3). */
export const recurringItemTotal = (item: { price: number; quantity: number }) =>
  Math.round(item.price * item.quantity * 100) / 100;

/** The contract form of POST /api/companies/contracts/ and its PUT (spec 2 §3 Contract, §5). */
export const contractInputSchema = z
  .object({
    company_id: itemId('company id'),
    start_date: isoDateText('start date'),
    end_date: isoDateText('end date'),
    payment_terms: z.preprocess(
      (value) => (value === '' || value === null || value === undefined ? DEFAULT_PAYMENT_TERMS : value),
      number('payment terms', { integer: true }),
    ),
    retainer_item: itemId('retainer item'),
    overage_item: itemId('overage item'),
    late_fee_item: itemId('late fee item'),
    retainer_taxable: flag,
    overage_taxable: flag,
    late_fee_taxable: flag,
    retainer_price: number('retainer price'),
    overage_price: number('overage price'),
    late_fee_percent: number('late fee percent'),
    retainer_hours: number('retainer hours', { step: 0.25 }),
    device_count: number('device count', { integer: true }),
    max_rollover: number('max rollover', { step: 0.25 }),
    paperless: flag,
    billing_contacts: jsonText(z.array(z.coerce.number().int().positive()).max(100), []),
    recurring_items: jsonText(z.array(recurringItemInputSchema).max(200), []),
  })
  .refine((contract) => contract.end_date >= contract.start_date, {
    path: ['end_date'],
    message: 'The end date must be a date after or equal to start date.',
  });
export type ContractInput = z.infer<typeof contractInputSchema>;

export const recurringItemSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  item: z.object({ type: z.enum(billingItemTypes), name: z.string() }),
  quantity: z.number(),
  price: z.number(),
  taxable: z.number().int(),
});
export type RecurringItem = z.infer<typeof recurringItemSchema>;

export const contractSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  payment_terms: z.number().int(),
  retainer_item: z.object({ id: z.number().int(), name: z.string() }),
  overage_item: z.object({ id: z.number().int(), name: z.string() }),
  late_fee_item: z.object({ id: z.number().int(), name: z.string() }),
  retainer_taxable: z.number().int(),
  overage_taxable: z.number().int(),
  late_fee_taxable: z.number().int(),
  retainer_price: z.number(),
  overage_price: z.number(),
  late_fee_percent: z.number(),
  retainer_hours: z.number(),
  device_count: z.number().int(),
  max_rollover: z.number(),
  paperless: z.number().int(),
  billing_contacts_id: z.array(z.number().int()),
  recurring_items: z.array(recurringItemSchema),
  created_at: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

/**
 * The active contract: the one whose start and end dates contain `today` (ISO); on overlap the latest start wins,
 * then the highest id. The latest contract: of those already started, the one ending last (then highest id).
 */
export function activeContractOf<T extends { id: number; start_date: string; end_date: string }>(
  contracts: T[],
  today: string,
): T | null {
  let chosen: T | null = null;
  for (const contract of contracts) {
    if (contract.start_date > today || contract.end_date < today) continue;
    if (
      !chosen ||
      contract.start_date > chosen.start_date ||
      (contract.start_date === chosen.start_date && contract.id > chosen.id)
    )
      chosen = contract;
  }
  return chosen;
}

export function latestContractOf<T extends { id: number; start_date: string; end_date: string }>(
  contracts: T[],
  today: string,
): T | null {
  let chosen: T | null = null;
  for (const contract of contracts) {
    if (contract.start_date > today) continue;
    if (
      !chosen ||
      contract.end_date > chosen.end_date ||
      (contract.end_date === chosen.end_date && contract.id > chosen.id)
    )
      chosen = contract;
  }
  return chosen;
}

/**
 * Overlapping contracts (issue 26 §2.9, decision 0075). Spec 2 §2 names a contract's
 * "Contract Type" by its retainer item, so two contracts of one company are identical when they have the same
 * retainer item and their dates share a day: the server refuses the second (422 on start_date). Any other overlap is
 * allowed (a renewal or a change of type starting before the old contract ends; the newest start is the active one)
 * and the form warns about it before saving.
 */
export interface ContractPeriod {
  start_date: string;
  end_date: string;
}

/** Both ends count: a contract ending 2026-12-31 and one starting that day overlap. */
export const contractDatesOverlap = (a: ContractPeriod, b: ContractPeriod) =>
  a.start_date <= b.end_date && b.start_date <= a.end_date;

/** The company's other contracts whose dates overlap the candidate's; `identical` when the type is the same too. */
export function overlappingContracts<
  T extends ContractPeriod & { id: number; retainer_item: { id: number; name: string } },
>(
  contracts: T[],
  candidate: ContractPeriod & { id: number | null; retainer_item: number | null },
): { contract: T; identical: boolean }[] {
  if (!candidate.start_date || !candidate.end_date || candidate.end_date < candidate.start_date) return [];
  return contracts
    .filter((contract) => contract.id !== candidate.id && contractDatesOverlap(contract, candidate))
    .map((contract) => ({ contract, identical: contract.retainer_item.id === candidate.retainer_item }));
}

export const identicalContractMessage = (type: string, start: string, end: string) =>
  `A ${type} contract already covers these dates (${start} to ${end}). Change the dates or edit that contract.`;

export const contractOverlapWarning = (type: string, start: string, end: string) =>
  `These dates overlap the ${type} contract of ${start} to ${end}.`;

/** Usage adjustments: hours added (or taken, when negative) to a billing month, with the reason. */
export const usageAdjustmentInputSchema = z.object({
  company_id: itemId('company id'),
  month: z
    .string({ error: 'The month field is required.' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month must be in the form YYYY-MM.'),
  hours: z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: 'The hours field is required.' })
      .min(-10000)
      .max(10000)
      .refine((n) => n !== 0, 'The hours may not be 0.')
      .refine((n) => Math.abs(n * 4 - Math.round(n * 4)) < 1e-9, 'The hours must be a multiple of 0.25.'),
  ),
  reason: z.string({ error: 'The reason field is required.' }).trim().min(1, 'The reason field is required.').max(1000),
});
export type UsageAdjustmentInput = z.infer<typeof usageAdjustmentInputSchema>;

export const usageAdjustmentSchema = z.object({
  id: z.number().int(),
  month: z.string(),
  hours: z.number(),
  reason: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type UsageAdjustment = z.infer<typeof usageAdjustmentSchema>;

import { z } from 'zod';

// Procurement (order 8), spec 3 §2 Step panels, §3 Procurement, §7 'Procurement', §9 Carriers; decision 0048.
// Shipments with their carrier, tracking number, status and history. With a tracker API configured the status and
// history come from it (EasyPost-compatible); without one they are entered by hand.

/** Spec 3 §9, verbatim and in this order. */
export const carriers = ['DHL Express', 'FedEx', 'OnTrac', 'UPS', 'USPS', 'Other'] as const;
export type Carrier = (typeof carriers)[number];

/** EasyPost's tracker statuses, the codes a tracker answers, with the labels the panel shows. */
export const shipmentStatuses = [
  { value: 'unknown', label: 'Unknown' },
  { value: 'pre_transit', label: 'Pre-transit' },
  { value: 'in_transit', label: 'In transit' },
  { value: 'out_for_delivery', label: 'Out for delivery' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'available_for_pickup', label: 'Available for pickup' },
  { value: 'return_to_sender', label: 'Return to sender' },
  { value: 'failure', label: 'Failure' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'error', label: 'Error' },
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number]['value'];
const shipmentStatusValues = shipmentStatuses.map((status) => status.value) as [ShipmentStatus, ...ShipmentStatus[]];
/** Statuses after which a shipment's tracking no longer changes: the refresh job leaves them alone. */
export const finalShipmentStatuses: readonly ShipmentStatus[] = ['delivered', 'cancelled'];

export const shipmentStatusLabel = (status: string): string =>
  shipmentStatuses.find((entry) => entry.value === status)?.label ?? status;

export const procurementMessages = {
  saved: 'Procurement saved.',
  project: 'Choose a project.',
  procurements: 'List the shipments.',
  tooMany: 'Keep the list to 100 shipments.',
  carrier: 'Choose a carrier from the list.',
  trackingNumber: 'Enter the tracking number.',
  trackingNumberTooLong: 'Keep the tracking number to 64 characters.',
  duplicate: 'This tracking number is already on the list.',
  status: 'Choose a status from the list.',
  statusDetails: 'Keep the status details to 500 characters.',
  historyTooLong: 'Keep the history to 200 entries.',
  time: 'Enter the time of the event.',
  place: 'Keep the place to 100 characters.',
} as const;

const MAX_ID = 2_147_483_647;
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** One event of a shipment's history (spec 3 §3 Procurement history) as the form sends it. */
export const shipmentHistoryInputSchema = z.object({
  time: z.iso.datetime({ offset: true, error: procurementMessages.time }),
  city: z.string().trim().max(100, procurementMessages.place).default(''),
  state: z.string().trim().max(100, procurementMessages.place).default(''),
  status_details: z.string().trim().max(500, procurementMessages.statusDetails).default(''),
});
export type ShipmentHistoryInput = z.output<typeof shipmentHistoryInputSchema>;

/** One shipment as the form sends it; id only for a saved one. Status and history count only when hand-entered. */
export const procurementInputRowSchema = z.object({
  id: z.preprocess(emptyToNull, z.coerce.number().int().positive().max(MAX_ID).nullable()).default(null).catch(null),
  carrier: z.enum(carriers, { error: procurementMessages.carrier }),
  tracking_number: z
    .string({ error: procurementMessages.trackingNumber })
    .trim()
    .min(1, procurementMessages.trackingNumber)
    .max(64, procurementMessages.trackingNumberTooLong),
  status: z.enum(shipmentStatusValues, { error: procurementMessages.status }).default('unknown'),
  status_details: z.string().trim().max(500, procurementMessages.statusDetails).default(''),
  history: z.array(shipmentHistoryInputSchema).max(200, procurementMessages.historyTooLong).default([]),
});
export type ProcurementInputRow = z.output<typeof procurementInputRowSchema>;

/** 'Procurement' (spec 3 §7): procurements, project_id. The list replaces the project's shipments. */
export const procurementInputSchema = z
  .object({
    project_id: z.preprocess(
      emptyToNull,
      z.coerce
        .number({ error: procurementMessages.project })
        .int(procurementMessages.project)
        .positive(procurementMessages.project)
        .max(MAX_ID, procurementMessages.project),
    ),
    procurements: z
      .array(procurementInputRowSchema, { error: procurementMessages.procurements })
      .max(100, procurementMessages.tooMany),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.procurements.forEach((row, index) => {
      const key = `${row.carrier}\n${row.tracking_number.toUpperCase()}`;
      if (seen.has(key))
        context.addIssue({
          code: 'custom',
          path: ['procurements', index, 'tracking_number'],
          message: procurementMessages.duplicate,
        });
      seen.add(key);
    });
  });
export type ProcurementInput = z.output<typeof procurementInputSchema>;

/** A history event as the project answers it (spec 3 §3): when, where and what. */
export const shipmentHistorySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  city: z.string(),
  state: z.string(),
  status_details: z.string(),
});
export type ShipmentHistory = z.infer<typeof shipmentHistorySchema>;

/**
 * A shipment as GET /api/project/{id} answers it (procurements). `tracked` says a tracker keeps its status and
 * history (read-only in the panel); otherwise they are the hand-entered ones.
 */
export const procurementSchema = z.object({
  id: z.number().int(),
  carrier: z.enum(carriers),
  tracking_number: z.string(),
  status: z.string(),
  status_details: z.string(),
  tracked: z.boolean(),
  updated_at: z.string(),
  history: z.array(shipmentHistorySchema),
});
export type Procurement = z.infer<typeof procurementSchema>;

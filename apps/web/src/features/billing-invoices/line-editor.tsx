import {
  editableLineKinds,
  invoiceInputSchema,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceLineRow,
} from '@switchboard/shared/billing/invoices';
import { Select } from '@mantine/core';
import { BillingLineRows, type BillingLineFields } from '../../components/billing-line-rows.tsx';
import { useItemStock } from './api/stock-locations.ts';

// The lines of a draft (New invoice and the drawer's draft): item search through the existing
// GET /api/billing/search/items/{term}, description, quantity, unit price, taxable. Validated in the browser with the
// contract's own schema (invoiceInputSchema), so the messages under each field are the server's. A tracked product's
// line also names the stock location it leaves from at posting, each shown with its on hand (design §3.8).

export type EditableKind = (typeof editableLineKinds)[number];

/** One line as typed (the fields of every billing line, components/billing-line-rows.tsx, and the invoice's own). */
export interface LineDraft extends BillingLineFields {
  kind: EditableKind;
  account_id: number | null;
  period_start: string | null;
  period_end: string | null;
  /** Where a tracked product leaves stock; null: the location holding the most of it at posting. */
  stock_location_id: number | null;
}

let nextKey = 0;
const newKey = () => `line-${++nextKey}`;

export const emptyLine = (): LineDraft => ({
  key: newKey(),
  kind: 'item',
  item_id: null,
  item_name: null,
  account_id: null,
  description: '',
  quantity: '1',
  unit_price: '',
  taxable: 0,
  period_start: null,
  period_end: null,
  stock_location_id: null,
});

const isEditableKind = (kind: string): kind is EditableKind => (editableLineKinds as readonly string[]).includes(kind);

/** A saved line back into the editor (the kinds a person may not type, such as retainer, are kept as item). */
export const lineFromRow = (row: InvoiceLineRow): LineDraft => ({
  key: newKey(),
  kind: isEditableKind(row.kind) ? row.kind : 'item',
  item_id: row.item_id,
  item_name: row.item_name,
  account_id: row.account_id,
  description: row.description,
  quantity: String(row.quantity),
  unit_price: String(row.unit_price),
  taxable: row.taxable,
  period_start: row.period_start,
  period_end: row.period_end,
  stock_location_id: row.stock_location_id,
});

/** '' is missing (the schema's "must be a number"), anything else goes as the number typed (NaN stays invalid). */
const numberOrMissing = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

export const lineInput = (line: LineDraft): InvoiceLineInput => ({
  kind: line.kind,
  item_id: line.item_id,
  account_id: line.account_id,
  description: line.description,
  quantity: numberOrMissing(line.quantity) as number,
  unit_price: numberOrMissing(line.unit_price) as number,
  taxable: line.taxable,
  period_start: line.period_start,
  period_end: line.period_end,
  stock_location_id: line.stock_location_id,
});

/** The first message per field of an invoice body, keyed as the server keys them ('lines.0.quantity'). */
export function invoiceErrors(body: InvoiceInput): Record<string, string> {
  const parsed = invoiceInputSchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

interface LineEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Field errors keyed 'lines.0.quantity', 'lines' (from invoiceErrors or a 422). */
  errors: Record<string, string>;
}

// A picked catalogue item makes the line an item line again, leaving from wherever that item is.
const pickedChanges: Partial<LineDraft> = { kind: 'item', stock_location_id: null };

/** '3', '1.5': on hand as people read it. */
const quantityText = (value: number): string => String(Number(value.toFixed(2)));

/** The select of a tracked product's line; nothing for other lines (a location there is a 422). */
export function StockLocationSelect(props: {
  line: Pick<LineDraft, 'item_id' | 'stock_location_id' | 'quantity'>;
  number: number;
  error: string | undefined;
  onChange: (stockLocationId: number | null) => void;
}) {
  const { line, number, error, onChange } = props;
  const stock = useItemStock(line.item_id);
  if (!stock?.tracked) {
    // Only a server 422 can name a location on another line (the pick of an item clears it): shown where it belongs.
    return error ? (
      <Select
        size="xs"
        w={220}
        label="Stock location"
        aria-label={`Line ${number} stock location`}
        data={[]}
        disabled
        error={error}
      />
    ) : null;
  }
  const wanted = Number(line.quantity.trim() || '0');
  const data = stock.locations.map((location) => ({
    value: String(location.id),
    label: `${location.name} (${quantityText(location.on_hand)} on hand)`,
  }));
  // A saved location that is no longer active stays visible, so the draft shows what it says.
  if (line.stock_location_id !== null && !data.some((option) => option.value === String(line.stock_location_id)))
    data.push({ value: String(line.stock_location_id), label: `Location ${line.stock_location_id} (inactive)` });
  const chosen = stock.locations.find((location) => location.id === line.stock_location_id);
  const short = chosen && Number.isFinite(wanted) && wanted > chosen.on_hand;
  return (
    <Select
      size="xs"
      w={220}
      label="Stock location"
      aria-label={`Line ${number} stock location`}
      placeholder="Where most are"
      clearable
      data={data}
      value={line.stock_location_id === null ? null : String(line.stock_location_id)}
      onChange={(value) => onChange(value === null ? null : Number(value))}
      error={error}
      // A draft may wait for stock to arrive: posting decides, this only warns.
      description={short ? `Only ${quantityText(chosen.on_hand)} on hand here now.` : undefined}
    />
  );
}

export function LineEditor({ lines, onChange, errors }: LineEditorProps) {
  return (
    <BillingLineRows
      lines={lines}
      onChange={onChange}
      errors={errors}
      newLine={emptyLine}
      pickedChanges={pickedChanges}
      flags={(line, number, change) => (
        <StockLocationSelect
          line={line}
          number={number}
          error={errors[`lines.${number - 1}.stock_location_id`]}
          onChange={(stockLocationId) => change({ stock_location_id: stockLocationId })}
        />
      )}
    />
  );
}

import {
  editableLineKinds,
  invoiceInputSchema,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceLineRow,
} from '@switchboard/shared/billing/invoices';
import { BillingLineRows, type BillingLineFields } from '../../components/billing-line-rows.tsx';

// The lines of a draft (New invoice and the drawer's draft): item search through the existing
// GET /api/billing/search/items/{term}, description, quantity, unit price, taxable. Validated in the browser with the
// contract's own schema (invoiceInputSchema), so the messages under each field are the server's.

export type EditableKind = (typeof editableLineKinds)[number];

/** One line as typed (the fields of every billing line, components/billing-line-rows.tsx, and the invoice's own). */
export interface LineDraft extends BillingLineFields {
  kind: EditableKind;
  account_id: number | null;
  period_start: string | null;
  period_end: string | null;
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

// A picked catalogue item makes the line an item line again.
const pickedChanges: Partial<LineDraft> = { kind: 'item' };

export function LineEditor({ lines, onChange, errors }: LineEditorProps) {
  return (
    <BillingLineRows
      lines={lines}
      onChange={onChange}
      errors={errors}
      newLine={emptyLine}
      pickedChanges={pickedChanges}
    />
  );
}

import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  editableLineKinds,
  invoiceInputSchema,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceLineRow,
} from '@switchboard/shared/billing/invoices';
import { formatCents, lineAmount } from '@switchboard/shared/billing/money';
import { IconTrash } from '@tabler/icons-react';
import { BillingItemSearch } from '../../components/billing-item-search.tsx';

// The lines of a draft (New invoice and the drawer's draft): item search through the existing
// GET /api/billing/search/items/{term}, description, quantity, unit price, taxable. Validated in the browser with the
// contract's own schema (invoiceInputSchema), so the messages under each field are the server's.

export type EditableKind = (typeof editableLineKinds)[number];

/** One line as typed: numbers stay text until sent, so an empty field reads as missing rather than 0. */
export interface LineDraft {
  key: string;
  kind: EditableKind;
  item_id: number | null;
  item_name: string | null;
  account_id: number | null;
  description: string;
  quantity: string;
  unit_price: string;
  taxable: 0 | 1;
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

/** The line's amount as it will be computed (quantity × unit price, rounded once), or '' while incomplete. */
export function previewAmount(line: LineDraft): string {
  try {
    if (line.quantity.trim() === '' || line.unit_price.trim() === '') return '';
    return formatCents(lineAmount(line.quantity.trim(), line.unit_price.trim()));
  } catch {
    return '';
  }
}

interface LineEditorProps {
  lines: LineDraft[];
  onChange: (lines: LineDraft[]) => void;
  /** Field errors keyed 'lines.0.quantity', 'lines' (from invoiceErrors or a 422). */
  errors: Record<string, string>;
}

export function LineEditor({ lines, onChange, errors }: LineEditorProps) {
  const update = (index: number, changes: Partial<LineDraft>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...changes } : line)));
  return (
    <Stack gap="xs" role="group" aria-label="Lines">
      {lines.map((line, index) => (
        <LineFields
          key={line.key}
          line={line}
          number={index + 1}
          errors={errors}
          prefix={`lines.${index}.`}
          onChange={(changes) => update(index, changes)}
          onRemove={lines.length > 1 ? () => onChange(lines.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      {errors.lines ? (
        <Text c="red" size="sm" role="alert">
          {errors.lines}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...lines, emptyLine()])}>
          Add line
        </Button>
      </Group>
    </Stack>
  );
}

interface LineFieldsProps {
  line: LineDraft;
  number: number;
  errors: Record<string, string>;
  prefix: string;
  onChange: (changes: Partial<LineDraft>) => void;
  onRemove: (() => void) | undefined;
}

function LineFields({ line, number, errors, prefix, onChange, onRemove }: LineFieldsProps) {
  const error = (field: string) => errors[`${prefix}${field}`];
  const amount = previewAmount(line);
  return (
    <Paper withBorder p="xs" data-line={number}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <BillingItemSearch
          number={number}
          itemName={line.item_name}
          onPick={(item) =>
            onChange({
              kind: 'item',
              item_id: item.id,
              item_name: item.name,
              description: line.description.trim() === '' ? item.name : line.description,
              unit_price: String(item.price),
              taxable: item.taxable === 1 ? 1 : 0,
            })
          }
        />
        <TextInput
          size="xs"
          style={{ flex: '2 1 200px', minWidth: 0 }}
          label="Description"
          aria-label={`Line ${number} description`}
          value={line.description}
          error={error('description')}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={84}
          label="Quantity"
          aria-label={`Line ${number} quantity`}
          inputMode="decimal"
          value={line.quantity}
          error={error('quantity')}
          onChange={(event) => onChange({ quantity: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={110}
          label="Unit price"
          aria-label={`Line ${number} unit price`}
          inputMode="decimal"
          value={line.unit_price}
          error={error('unit_price')}
          onChange={(event) => onChange({ unit_price: event.currentTarget.value })}
        />
        <Checkbox
          size="xs"
          mt={26}
          label="Taxable"
          aria-label={`Line ${number} taxable`}
          checked={line.taxable === 1}
          onChange={(event) => onChange({ taxable: event.currentTarget.checked ? 1 : 0 })}
        />
        <Text size="sm" mt={24} miw={80} ta="right" aria-label={`Line ${number} amount`}>
          {amount}
        </Text>
        {onRemove ? (
          <ActionIcon variant="subtle" color="red" mt={22} aria-label={`Remove line ${number}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Paper>
  );
}

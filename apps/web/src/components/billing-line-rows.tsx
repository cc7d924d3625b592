import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { BillingItem } from '@switchboard/shared/contracts';
import { formatCents, lineAmount } from '@switchboard/shared/billing/money';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BillingItemSearch } from './billing-item-search.tsx';

// The editable lines of a billing document (the invoice's line editor, the quote drawer): item search, description,
// quantity, unit price, taxable, the amount as it will be computed, remove and add. What only one document has (the
// quote's optional and chosen flags, the invoice's kind) comes in through the props.

/** The fields every editable line has, as typed: numbers stay text until sent, so an empty field reads as missing. */
export interface BillingLineFields {
  key: string;
  item_id: number | null;
  item_name: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  taxable: 0 | 1;
}

/** The line's amount as it will be computed (quantity × unit price, rounded once), or '' while incomplete. */
export function previewAmount(line: Pick<BillingLineFields, 'quantity' | 'unit_price'>): string {
  try {
    if (line.quantity.trim() === '' || line.unit_price.trim() === '') return '';
    return formatCents(lineAmount(line.quantity.trim(), line.unit_price.trim()));
  } catch {
    return '';
  }
}

interface BillingLineRowsProps<Line extends BillingLineFields> {
  lines: Line[];
  onChange: (lines: Line[]) => void;
  /** Field errors keyed as the server keys them: 'lines.0.quantity', 'lines'. */
  errors: Record<string, string>;
  newLine: () => Line;
  /** What else a picked catalogue item changes on the line (the invoice's kind). */
  pickedChanges?: Partial<Line>;
  /** Checkboxes shown under Taxable (the quote's optional and chosen). */
  flags?: (line: Line, number: number, change: (changes: Partial<Line>) => void) => ReactNode;
}

export function BillingLineRows<Line extends BillingLineFields>(props: BillingLineRowsProps<Line>) {
  const { lines, onChange, errors, newLine } = props;
  const update = (index: number, changes: Partial<Line>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...changes } : line)));
  return (
    <Stack gap="xs" role="group" aria-label="Lines">
      {lines.map((line, index) => (
        <LineRow
          key={line.key}
          line={line}
          number={index + 1}
          error={(field) => errors[`lines.${index}.${field}`]}
          pickedChanges={props.pickedChanges}
          flags={props.flags}
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
        <Button variant="default" size="xs" onClick={() => onChange([...lines, newLine()])}>
          Add line
        </Button>
      </Group>
    </Stack>
  );
}

interface LineRowProps<Line extends BillingLineFields> {
  line: Line;
  number: number;
  error: (field: string) => string | undefined;
  pickedChanges: Partial<Line> | undefined;
  flags: BillingLineRowsProps<Line>['flags'];
  onChange: (changes: Partial<Line>) => void;
  onRemove: (() => void) | undefined;
}

function LineRow<Line extends BillingLineFields>(props: LineRowProps<Line>) {
  const { line, number, error, flags, onRemove } = props;
  // The shared fields are a part of every Line; TypeScript cannot see that a Partial of them is a Partial<Line>.
  const change = (changes: Partial<BillingLineFields>) => props.onChange(changes as Partial<Line>);
  const pick = (item: BillingItem) =>
    props.onChange({
      ...props.pickedChanges,
      item_id: item.id,
      item_name: item.name,
      description: line.description.trim() === '' ? item.name : line.description,
      unit_price: String(item.price),
      taxable: item.taxable === 1 ? 1 : 0,
    } as Partial<Line>);
  const taxable = (
    <Checkbox
      size="xs"
      mt={flags ? undefined : 26}
      label="Taxable"
      aria-label={`Line ${number} taxable`}
      checked={line.taxable === 1}
      onChange={(event) => change({ taxable: event.currentTarget.checked ? 1 : 0 })}
    />
  );
  return (
    <Paper withBorder p="xs" data-line={number}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <BillingItemSearch number={number} itemName={line.item_name} onPick={pick} />
        <TextInput
          size="xs"
          style={{ flex: '2 1 200px', minWidth: 0 }}
          label="Description"
          aria-label={`Line ${number} description`}
          value={line.description}
          error={error('description')}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={84}
          label="Quantity"
          aria-label={`Line ${number} quantity`}
          inputMode="decimal"
          value={line.quantity}
          error={error('quantity')}
          onChange={(event) => change({ quantity: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          w={110}
          label="Unit price"
          aria-label={`Line ${number} unit price`}
          inputMode="decimal"
          value={line.unit_price}
          error={error('unit_price')}
          onChange={(event) => change({ unit_price: event.currentTarget.value })}
        />
        {flags ? (
          <Stack gap={4} mt={4}>
            {taxable}
            {flags(line, number, props.onChange)}
          </Stack>
        ) : (
          taxable
        )}
        <Text size="sm" mt={24} miw={80} ta="right" aria-label={`Line ${number} amount`}>
          {previewAmount(line)}
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

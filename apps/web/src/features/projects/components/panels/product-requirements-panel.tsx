import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  productOptions,
  productRequirementsInputSchema,
  projectSaveFailedMessage,
  type ProductRequirement,
} from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { projectQuoteCalls } from '../../api/project-quotes.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';
import { useSaveAndClose } from './save-and-close.tsx';

interface RequirementRow {
  /** React's key: the saved id, or a local one for a new row. */
  key: string;
  id: number | null;
  option: string;
  product: string;
  quote_id: number | null;
  quoteLabel: string | null;
}

const optionData = productOptions.map((option) => ({ value: String(option), label: String(option) }));

/** A quote as the requirement shows it: its number once issued, else 'Draft {id}' (as the quote PDF names it). */
export const quoteLabelOf = (quote: { id: number; number: string | null }) => quote.number ?? `Draft ${quote.id}`;

const rowsOf = (requirements: ProductRequirement[]): RequirementRow[] =>
  requirements.map((requirement) => ({
    key: `saved-${requirement.id}`,
    id: requirement.id,
    option: String(requirement.option),
    product: requirement.product,
    quote_id: requirement.quote_id,
    quoteLabel: requirement.quote ? quoteLabelOf(requirement.quote) : null,
  }));

let newRows = 0;
const emptyRow = (): RequirementRow => {
  newRows += 1;
  return { key: `new-${newRows}`, id: null, option: '1', product: '', quote_id: null, quoteLabel: null };
};

const payloadOf = (rows: RequirementRow[]) =>
  rows.map((row) => ({
    id: row.id,
    option: row.option === '' ? null : Number(row.option),
    product: row.product,
    quote_id: row.quote_id,
  }));

/**
 * Spec 3 §2 Product Requirements: rows of option (1 to 10), product and the quote that prices it, saved as a whole.
 * Quotes are made on the Project Quotes card; a client account does not see this step's records (decision 0047).
 */
export function ProductRequirementsPanel({ project, step, staff }: StepPanelProps) {
  const saved = project.product_requirements;
  const savedKey = JSON.stringify(saved);
  const [rows, setRows] = useState<RequirementRow[]>(() => rowsOf(saved));
  const [seen, setSeen] = useState(savedKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A save of ours or another viewer's: start again from the saved list.
  if (seen !== savedKey) {
    setSeen(savedKey);
    setRows(rowsOf(saved));
    setErrors({});
  }
  const save = useProjectAction(project.id, projectQuoteCalls.saveRequirements(project.id));
  const saveAndClose = useSaveAndClose(
    step,
    'Save Requirements',
    (close) => submit(close),
    () => valid(),
  );
  if (!staff) return null;

  const change = (key: string, field: 'option' | 'product', value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  const fail = (fields: Record<string, string>) => {
    setErrors(fields);
    notifications.show({ color: 'red', message: projectSaveFailedMessage });
  };
  const valid = () => {
    const products = payloadOf(rows);
    const checked = productRequirementsInputSchema.safeParse({ project_id: project.id, products });
    if (checked.success) return true;
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
    fail(fields);
    return false;
  };
  const submit = (close: boolean) => {
    const products = payloadOf(rows);
    // The server's contract, so a row's mistake shows before the call.
    const checked = productRequirementsInputSchema.safeParse({ project_id: project.id, products });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
      fail(fields);
      return;
    }
    save.mutate(
      { products, close },
      {
        onSuccess: (answer) => {
          setErrors({});
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (failure) => fail(getFormErrors(failure).fields),
      },
    );
  };

  return (
    <Stack gap="xs">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No product requirements yet.
        </Text>
      ) : (
        <Table aria-label="Product requirements" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Option</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th w={110}>Quote</Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const error = (field: string) => errors[`products.${index}.${field}`] ?? null;
              const name = `requirement ${index + 1}`;
              return (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Select
                      aria-label={`Option of ${name}`}
                      size="xs"
                      allowDeselect={false}
                      data={optionData}
                      value={row.option || null}
                      onChange={(value) => change(row.key, 'option', value ?? '')}
                      error={error('option')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Product of ${name}`}
                      size="xs"
                      value={row.product}
                      onChange={(event) => change(row.key, 'product', event.currentTarget.value)}
                      error={error('product') ?? error('quote_id')}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c={row.quoteLabel ? undefined : 'dimmed'}>
                      {row.quoteLabel ?? 'No quote'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                    >
                      <IconTrash size={14} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {errors.products ? (
        <Text size="xs" c="red">
          {errors.products}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          Add Requirement
        </Button>
        {rows.length > 0 || saved.length > 0 ? (
          <Button size="xs" onClick={saveAndClose.request} loading={save.isPending}>
            Save Requirements
          </Button>
        ) : null}
      </Group>
      {saveAndClose.dialog}
    </Stack>
  );
}

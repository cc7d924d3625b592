import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatUsd,
  lineAmountCents,
  projectQuoteInputSchema,
  projectSaveFailedMessage,
  type ProjectQuoteDetail,
} from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { projectQuoteCalls, useProjectQuote, type QuoteFormValues } from '../../api/project-quotes.ts';
import { useProjectAction } from '../../api/projects.ts';

interface LineRow {
  key: string;
  description: string;
  quantity: string;
  unit_price: string;
  optional: boolean;
}

let newLines = 0;
const emptyLine = (): LineRow => {
  newLines += 1;
  return { key: `line-${newLines}`, description: '', quantity: '1', unit_price: '', optional: false };
};
const today = () => new Date().toISOString().slice(0, 10);

/** What the quote costs as typed: the server prices it again, this only helps while typing. */
const totalCents = (lines: LineRow[]) =>
  lines.reduce((sum, line) => {
    if (line.optional) return sum;
    try {
      return sum + lineAmountCents(line.quantity.trim() || '0', line.unit_price.trim() || '0');
    } catch {
      return sum;
    }
  }, 0);

export interface QuoteEditorTarget {
  /** The requirement a new quote prices; null when an existing quote is edited. */
  requirementId: number | null;
  quoteId: number | null;
  /** The requirement's product: a new quote's title and first line to start from. */
  product: string;
}

/** A new quote's first line, from its requirement: one of its product, for the coordinator to price. */
const requirementLine = (product: string): LineRow => ({ ...emptyLine(), description: product });

/**
 * A project quote's editor (decision 0047): title, dates, terms and priced lines, the fields of billing's quote. A new
 * quote is created for its requirement; an existing one is read with its lines and saved over.
 */
export function QuoteEditor({
  projectId,
  target,
  onClose,
}: {
  projectId: number;
  target: QuoteEditorTarget;
  onClose: () => void;
}) {
  const existing = useProjectQuote(target.quoteId);
  const title = target.quoteId === null ? 'Create Quote' : 'Edit Quote';
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      {target.quoteId !== null && !existing.data ? (
        <Loader size="sm" />
      ) : (
        <QuoteForm projectId={projectId} target={target} quote={existing.data ?? null} onClose={onClose} />
      )}
    </Modal>
  );
}

function QuoteForm({
  projectId,
  target,
  quote,
  onClose,
}: {
  projectId: number;
  target: QuoteEditorTarget;
  quote: ProjectQuoteDetail | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => ({
    title: quote?.title ?? target.product,
    quote_date: quote?.quote_date ?? today(),
    valid_until: quote?.valid_until ?? '',
    terms: quote?.terms ?? '',
  }));
  const [lines, setLines] = useState<LineRow[]>(() =>
    quote
      ? quote.lines.map((line, index) => ({
          key: `saved-${index}`,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unit_price,
          optional: line.optional,
        }))
      : [requirementLine(target.product)],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useProjectAction(projectId, projectQuoteCalls.createQuote(projectId));
  const update = useProjectAction(projectId, projectQuoteCalls.updateQuote());

  const changeLine = (key: string, field: keyof Omit<LineRow, 'key'>, value: string | boolean) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, [field]: value } : line)));
  const fail = (fields: Record<string, string>) => {
    setErrors(fields);
    notifications.show({ color: 'red', message: projectSaveFailedMessage });
  };
  const submit = () => {
    const body: QuoteFormValues = {
      ...values,
      valid_until: values.valid_until === '' ? null : values.valid_until,
      lines: lines.map(({ key: _key, ...line }) => line),
    };
    const checked = projectQuoteInputSchema.safeParse(body);
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
      fail(fields);
      return;
    }
    const done = {
      onSuccess: (answer: { message: string }) => {
        notifications.show({ color: 'green', message: answer.message });
        onClose();
      },
      onError: (failure: unknown) => fail(getFormErrors(failure).fields),
    };
    if (quote) update.mutate({ ...body, id: quote.id }, done);
    else create.mutate({ ...body, requirement_id: target.requirementId! }, done);
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        value={values.title}
        onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
        error={errors.title}
      />
      <Group grow>
        <TextInput
          type="date"
          label="Quote date"
          value={values.quote_date}
          onChange={(event) => setValues({ ...values, quote_date: event.currentTarget.value })}
          error={errors.quote_date}
        />
        <TextInput
          type="date"
          label="Valid until"
          min={values.quote_date || undefined}
          value={values.valid_until}
          onChange={(event) => setValues({ ...values, valid_until: event.currentTarget.value })}
          error={errors.valid_until}
        />
      </Group>
      <Table aria-label="Quote lines" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th w={90}>Quantity</Table.Th>
            <Table.Th w={120}>Unit price</Table.Th>
            <Table.Th w={80}>Optional</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => {
            const error = (field: string) => errors[`lines.${index}.${field}`] ?? null;
            const name = `line ${index + 1}`;
            return (
              <Table.Tr key={line.key}>
                <Table.Td>
                  <TextInput
                    aria-label={`Description of ${name}`}
                    size="xs"
                    value={line.description}
                    onChange={(event) => changeLine(line.key, 'description', event.currentTarget.value)}
                    error={error('description')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Quantity of ${name}`}
                    size="xs"
                    inputMode="decimal"
                    value={line.quantity}
                    onChange={(event) => changeLine(line.key, 'quantity', event.currentTarget.value)}
                    error={error('quantity')}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Unit price of ${name}`}
                    size="xs"
                    inputMode="decimal"
                    leftSection="$"
                    value={line.unit_price}
                    onChange={(event) => changeLine(line.key, 'unit_price', event.currentTarget.value)}
                    error={error('unit_price')}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`Optional ${name}`}
                    checked={line.optional}
                    onChange={(event) => changeLine(line.key, 'optional', event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${name}`}
                    onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {errors.lines ? (
        <Text size="xs" c="red">
          {errors.lines}
        </Text>
      ) : null}
      <Group justify="space-between">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setLines((current) => [...current, emptyLine()])}
        >
          Add Line
        </Button>
        <Text size="sm" fw={600}>
          Total {formatUsd(totalCents(lines))}
        </Text>
      </Group>
      <Textarea
        label="Terms"
        autosize
        minRows={2}
        value={values.terms}
        onChange={(event) => setValues({ ...values, terms: event.currentTarget.value })}
        error={errors.terms}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={create.isPending || update.isPending}>
          Save Quote
        </Button>
      </Group>
    </Stack>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { InvoiceLineRow, SourceLine } from '@switchboard/shared/billing/invoices';
import { quoteStatusLabels } from '@switchboard/shared/billing/quotes';
import { useState } from 'react';
import {
  fetchCheckInLines,
  fetchRecurringLines,
  unbilledPerPage,
  useConvertibleQuotes,
  useConvertQuote,
  useUnbilledTime,
} from './api/invoice-sources.ts';
import { dollars, errorText } from './format.ts';
import { emptyLine, lineFromRow, lineInput, type LineDraft } from './line-editor.tsx';

// The New invoice's sources (designs/billing.md §5): lines from the governing contract's recurring items for a month,
// labor lines for chosen unbilled check-ins (computed by the server as the monthly run bills time), or a whole quote
// converted to a draft. Check-in lines carry their check-ins' ids, so the draft bills each once.

/** An editor line that may bill check-ins (the editor keeps extra fields: it spreads each change over the line). */
export type SourcedLine = LineDraft & { checkin_ids?: number[] };

/** A source's line into the editor. */
export const lineFromSource = (line: SourceLine): SourcedLine => ({
  ...emptyLine(),
  kind: line.kind,
  item_id: line.item_id,
  item_name: null,
  account_id: line.account_id,
  description: line.description,
  quantity: String(line.quantity),
  unit_price: String(line.unit_price),
  taxable: line.taxable,
  period_start: line.period_start,
  period_end: line.period_end,
  ...(line.checkin_ids?.length ? { checkin_ids: line.checkin_ids } : {}),
});

/** The line as sent: the editor's fields, plus the check-ins it bills. */
export const sourcedLineInput = (line: SourcedLine) => ({
  ...lineInput(line),
  ...(line.checkin_ids?.length ? { checkin_ids: line.checkin_ids } : {}),
});

/**
 * A saved draft's lines into the editor; a labor line keeps the check-ins it bills (the server names them in its
 * explanation), so an edit keeps them billed and only dropping the line frees them.
 */
export const editorLinesOf = (rows: readonly InvoiceLineRow[]): SourcedLine[] =>
  rows.map((row) => ({
    ...lineFromRow(row),
    ...(row.kind === 'labor' && row.explain?.check_in_ids?.length ? { checkin_ids: row.explain.check_in_ids } : {}),
  }));

/** The check-in messages of a 422 ('lines.0.checkin_ids'), which the line editor has no field for. */
export const checkInErrors = (errors: Record<string, string>): string[] =>
  Object.entries(errors)
    .filter(([key]) => key.endsWith('.checkin_ids'))
    .map(([key, message]) => `Line ${Number(key.split('.')[1]) + 1}: ${message}`);

/** Adds source lines, replacing the form's untouched first line. */
export function withSourceLines(current: SourcedLine[], added: SourceLine[]): SourcedLine[] {
  const untouched = current.length === 1 && current[0]!.description.trim() === '' && current[0]!.item_id === null;
  return [...(untouched ? [] : current), ...added.map(lineFromSource)];
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

type Source = 'recurring' | 'checkins' | 'quote';

export function InvoiceSources(props: {
  companyId: number | null;
  /** Check-ins already on the form's lines: not offered again. */
  billedIds: Set<number>;
  onAdd: (lines: SourceLine[]) => void;
  onConverted: (invoiceId: number) => void;
}) {
  const { companyId, billedIds, onAdd, onConverted } = props;
  const [open, setOpen] = useState<Source | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const add = (lines: SourceLine[], none: string) => {
    setOpen(null);
    setNotice(lines.length === 0 ? none : null);
    if (lines.length > 0) onAdd(lines);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" role="group" aria-label="Add lines from">
        <Text size="sm">Add lines from:</Text>
        {(
          [
            ['recurring', 'Recurring items'],
            ['checkins', 'Unbilled check-ins'],
            ['quote', 'A quote'],
          ] as const
        ).map(([source, label]) => (
          <Button
            key={source}
            size="xs"
            variant="default"
            disabled={companyId === null}
            title={companyId === null ? 'Choose the company first' : undefined}
            onClick={() => {
              setNotice(null);
              setOpen(source);
            }}
          >
            {label}
          </Button>
        ))}
      </Group>
      {notice ? (
        <Text size="sm" c="dimmed" role="status">
          {notice}
        </Text>
      ) : null}
      {companyId !== null && open === 'recurring' ? (
        <RecurringSource
          companyId={companyId}
          onClose={() => setOpen(null)}
          onAdd={(lines) => add(lines, 'No contract with recurring items governs that month.')}
        />
      ) : null}
      {companyId !== null && open === 'checkins' ? (
        <CheckInSource
          companyId={companyId}
          billedIds={billedIds}
          onClose={() => setOpen(null)}
          onAdd={(lines) => add(lines, 'No unbilled time was chosen.')}
        />
      ) : null}
      {companyId !== null && open === 'quote' ? (
        <QuoteSource companyId={companyId} onClose={() => setOpen(null)} onConverted={onConverted} />
      ) : null}
    </Stack>
  );
}

function RecurringSource(props: { companyId: number; onClose: () => void; onAdd: (lines: SourceLine[]) => void }) {
  const { companyId, onClose, onAdd } = props;
  const [month, setMonth] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setBusy(true);
    setError(null);
    fetchRecurringLines(companyId, month)
      .then((answer) => onAdd(answer.lines))
      .catch((failure: unknown) => setError(errorText(failure)))
      .finally(() => setBusy(false));
  };
  return (
    <Modal opened onClose={onClose} title="From recurring items">
      <Stack gap="sm">
        <TextInput
          type="month"
          label="Month"
          value={month}
          error={error}
          onChange={(event) => setMonth(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={!/^\d{4}-\d{2}$/.test(month)}>
            Add recurring items
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CheckInSource(props: {
  companyId: number;
  billedIds: Set<number>;
  onClose: () => void;
  onAdd: (lines: SourceLine[]) => void;
}) {
  const { companyId, billedIds, onClose, onAdd } = props;
  const [page, setPage] = useState(1);
  const unbilled = useUnbilledTime(companyId, page);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const rows = (unbilled.data?.data ?? []).filter((row) => !billedIds.has(row.id));
  const toggle = (ids: number[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const submit = () => {
    setBusy(true);
    setError(null);
    fetchCheckInLines(companyId, [...chosen])
      .then((answer) => onAdd(answer.lines))
      .catch((failure: unknown) => setError(errorText(failure)))
      .finally(() => setBusy(false));
  };
  const total = unbilled.data?.total ?? 0;
  return (
    <Modal opened onClose={onClose} title="From unbilled check-ins" size="lg">
      <Stack gap="sm">
        {unbilled.isLoading ? <Text size="sm">Loading unbilled time…</Text> : null}
        {unbilled.isError ? <Alert color="red">The unbilled time could not be loaded.</Alert> : null}
        {unbilled.data && total === 0 ? <Text size="sm">No unbilled billable time for this company.</Text> : null}
        {rows.length > 0 ? (
          <Table striped aria-label="Unbilled check-ins">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>
                  <Checkbox
                    size="xs"
                    aria-label="Select all on this page"
                    checked={rows.every((row) => chosen.has(row.id))}
                    onChange={(event) =>
                      toggle(
                        rows.map((row) => row.id),
                        event.currentTarget.checked,
                      )
                    }
                  />
                </Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Ticket / project</Table.Th>
                <Table.Th>Tech</Table.Th>
                <Table.Th ta="right">Hours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-checkin-id={row.id}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={`Select check-in ${row.id}`}
                      checked={chosen.has(row.id)}
                      onChange={(event) => toggle([row.id], event.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{new Date(row.start_time).toLocaleDateString()}</Table.Td>
                  <Table.Td>
                    {row.ticket_id !== null
                      ? `Ticket #${row.ticket_id}`
                      : row.project_id !== null
                        ? `Project #${row.project_id}`
                        : ''}
                  </Table.Td>
                  <Table.Td>{row.user_name}</Table.Td>
                  <Table.Td ta="right">{row.hours.toFixed(2)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {(unbilled.data?.last_page ?? 1) > 1 ? (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {total} check-ins, {unbilledPerPage} a page
            </Text>
            <Pagination size="sm" total={unbilled.data!.last_page} value={page} onChange={setPage} />
          </Group>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Text size="sm">{chosen.size} chosen</Text>
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy} disabled={chosen.size === 0}>
            Add labor lines
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function QuoteSource(props: { companyId: number; onClose: () => void; onConverted: (invoiceId: number) => void }) {
  const { companyId, onClose, onConverted } = props;
  const quotes = useConvertibleQuotes(companyId);
  const convert = useConvertQuote();
  const [quoteId, setQuoteId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = quotes.data ?? [];
  const chosen = list.find((quote) => String(quote.id) === quoteId) ?? null;
  return (
    <Modal opened onClose={onClose} title="From a quote">
      <Stack gap="sm">
        {quotes.data && list.length === 0 ? <Text size="sm">This company has no accepted or sent quote.</Text> : null}
        <Select
          label="Quote"
          placeholder={quotes.isLoading ? 'Loading quotes…' : 'Choose a quote'}
          data={list.map((quote) => ({
            value: String(quote.id),
            label:
              `${quote.number ?? `Quote ${quote.id}`}: ${quote.title}, ` +
              `${dollars(quote.total)} (${quoteStatusLabels[quote.status]})`,
          }))}
          value={quoteId}
          onChange={setQuoteId}
        />
        {chosen?.status === 'sent' ? (
          <Text size="sm" c="dimmed">
            Mark the quote accepted on /billing/quotes before converting it.
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={convert.isPending}
            disabled={chosen?.status !== 'accepted'}
            onClick={() => {
              setError(null);
              convert.mutate(chosen!.id, {
                onSuccess: (invoiceId) => onConverted(invoiceId),
                onError: (failure) => setError(errorText(failure)),
              });
            }}
          >
            Convert to invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  billingQuoteInputSchema,
  quoteStatusLabels,
  type BillingQuoteInput,
  type QuoteDetail,
} from '@switchboard/shared/billing/quotes';
import type { QuotePurchaseOrdersResult } from '@switchboard/shared/purchase-orders';
import { useState } from 'react';
import { Link } from 'react-router';
import { BillingLineRows, type BillingLineFields } from '../../components/billing-line-rows.tsx';
import { useCompanyOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import {
  useCompanyProjects,
  useConvertQuote,
  useDeleteQuote,
  useQuote,
  useQuoteAction,
  useQuotePurchaseOrders,
  useSaveQuote,
} from './api/quotes.ts';
import { dollars, errorText, statusColors } from './format.ts';

// The quote drawer (designs/billing.md §5 /billing/quotes): a draft is edited here (lines with optional and chosen
// checkboxes, item search), sent, deleted; a sent quote is marked accepted or declined for the client; an accepted
// one is converted to a draft invoice (the whole quote, or a deposit of N %), linked to /billing/invoices?id=N. A quote
// not declined or expired can order its product lines: "Create purchase orders" makes one draft PO per preferred
// vendor (POST /api/billing/quotes/{id}/purchase-orders) and shows them, linked, with the lines it left out.

/** A quote line as typed: the fields of every billing line and the quote's optional and chosen flags. */
interface LineDraft extends BillingLineFields {
  optional: boolean;
  selected: boolean;
}

let nextKey = 0;
const emptyLine = (): LineDraft => ({
  key: `quote-line-${++nextKey}`,
  item_id: null,
  item_name: null,
  description: '',
  quantity: '1',
  unit_price: '',
  optional: false,
  selected: false,
  taxable: 0,
});

const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/** 'a@x.test, b@y.test' → the addresses a project quote's approval link goes to (none: no link). */
const recipients = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** Where Send mails decision 0046's single-use approval link (a quote with or without a project, decision 0097). */
function LinkRecipients(props: { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      label="Approval link to"
      description="Addresses, separated by commas; each gets its own single-use link to accept or decline."
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

export function QuoteDrawer(props: {
  quoteId: number | 'new' | null;
  onClose: () => void;
  onOpen: (id: number) => void;
}) {
  const { quoteId, onClose, onOpen } = props;
  const detail = useQuote(typeof quoteId === 'number' ? quoteId : null);
  const quote = detail.data;
  const title = quoteId === 'new' ? 'New quote' : quote ? `Quote ${quote.number ?? `Draft ${quote.id}`}` : 'Quote';
  return (
    <Drawer opened={quoteId !== null} onClose={onClose} position="right" size="xl" title={title}>
      {quoteId === 'new' ? (
        <QuoteEditor key="new" quote={null} onSaved={onOpen} onDeleted={onClose} />
      ) : detail.isError ? (
        <Alert color="red">The quote could not be loaded.</Alert>
      ) : !quote ? (
        <Text size="sm">Loading quote…</Text>
      ) : quote.status === 'draft' ? (
        <QuoteEditor key={`${quote.id}`} quote={quote} onSaved={onOpen} onDeleted={onClose} />
      ) : (
        <QuoteSummary quote={quote} />
      )}
    </Drawer>
  );
}

function QuoteEditor(props: { quote: QuoteDetail | null; onSaved: (id: number) => void; onDeleted: () => void }) {
  const { quote, onSaved, onDeleted } = props;
  const companies = useCompanyOptions();
  const save = useSaveQuote();
  const remove = useDeleteQuote();
  const action = useQuoteAction();
  const [companyId, setCompanyId] = useState<number | null>(quote?.company_id ?? null);
  const [projectId, setProjectId] = useState<number | null>(quote?.project_id ?? null);
  const projects = useCompanyProjects(companyId);
  const [title, setTitle] = useState(quote?.title ?? '');
  const [quoteDate, setQuoteDate] = useState(quote?.quote_date ?? localToday());
  const [validUntil, setValidUntil] = useState(quote?.valid_until ?? '');
  const [terms, setTerms] = useState(quote?.terms ?? '');
  const [lines, setLines] = useState<LineDraft[]>(() =>
    quote
      ? quote.lines.map((line) => ({
          key: `quote-line-${++nextKey}`,
          item_id: line.item_id,
          item_name: null,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unit_price,
          optional: line.optional,
          selected: line.selected,
          taxable: line.taxable,
        }))
      : [emptyLine()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [linkTo, setLinkTo] = useState('');

  const body = (): BillingQuoteInput => ({
    company_id: companyId ?? ('' as unknown as number),
    project_id: projectId,
    title,
    quote_date: quoteDate,
    valid_until: validUntil === '' ? null : validUntil,
    terms,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      optional: line.optional,
      selected: line.optional && line.selected,
      taxable: line.taxable,
      item_id: line.item_id,
    })),
  });

  const submit = async (): Promise<number | null> => {
    setMessage(null);
    const parsed = billingQuoteInputSchema.safeParse(body());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return null;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync({ id: quote?.id ?? null, body: body() });
      return answer.data.id;
    } catch (error) {
      const { fields, message: text } = getFormErrors(error);
      setErrors(fields);
      setMessage(text);
      return null;
    }
  };

  return (
    <Stack gap="sm">
      {message ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
      {errors.status ? (
        <Alert color="red" role="alert">
          {errors.status}
        </Alert>
      ) : null}
      <Group grow align="flex-start">
        <Select
          label="Company"
          searchable
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={companyId === null ? null : String(companyId)}
          error={errors.company_id}
          onChange={(value) => {
            setCompanyId(value ? Number(value) : null);
            setProjectId(null);
          }}
        />
        <Select
          label="Project"
          placeholder="None"
          clearable
          disabled={companyId === null}
          data={(projects.data ?? []).map((project) => ({ value: String(project.id), label: project.title }))}
          value={projectId === null ? null : String(projectId)}
          error={errors.project_id}
          onChange={(value) => setProjectId(value ? Number(value) : null)}
        />
      </Group>
      <TextInput
        label="Title"
        value={title}
        error={errors.title}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <Group grow align="flex-start">
        <TextInput
          type="date"
          label="Quote date"
          value={quoteDate}
          error={errors.quote_date}
          onChange={(event) => setQuoteDate(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Valid until"
          value={validUntil}
          error={errors.valid_until}
          onChange={(event) => setValidUntil(event.currentTarget.value)}
        />
      </Group>
      <BillingLineRows
        lines={lines}
        onChange={setLines}
        errors={errors}
        newLine={emptyLine}
        flags={(line, number, change) => (
          <>
            <Checkbox
              size="xs"
              label="Optional"
              aria-label={`Line ${number} optional`}
              checked={line.optional}
              onChange={(event) => change({ optional: event.currentTarget.checked })}
            />
            {line.optional ? (
              <Checkbox
                size="xs"
                label="Chosen"
                aria-label={`Line ${number} chosen`}
                checked={line.selected}
                onChange={(event) => change({ selected: event.currentTarget.checked })}
              />
            ) : null}
          </>
        )}
      />
      <Textarea label="Terms" autosize minRows={2} value={terms} onChange={(e) => setTerms(e.currentTarget.value)} />
      {quote ? <Totals quote={quote} /> : null}
      {quote ? <LinkRecipients value={linkTo} onChange={setLinkTo} /> : null}
      <Group>
        <Button
          loading={save.isPending}
          onClick={async () => {
            const id = await submit();
            if (id !== null) onSaved(id);
          }}
        >
          Save
        </Button>
        {quote ? (
          <>
            <Button
              variant="default"
              loading={action.isPending}
              onClick={async () => {
                const id = await submit();
                if (id === null) return;
                try {
                  await action.mutateAsync({ id, action: 'send', to: recipients(linkTo) });
                } catch (error) {
                  setMessage(errorText(error));
                }
              }}
            >
              Send
            </Button>
            <Button
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                try {
                  await remove.mutateAsync(quote.id);
                  onDeleted();
                } catch (error) {
                  setMessage(errorText(error));
                }
              }}
            >
              Delete
            </Button>
          </>
        ) : null}
      </Group>
    </Stack>
  );
}

function Totals({ quote }: { quote: QuoteDetail }) {
  return (
    <Stack gap={2} align="flex-end" aria-label="Totals">
      <Text size="sm">Subtotal {dollars(quote.subtotal)}</Text>
      <Text size="sm">Tax {dollars(quote.tax_total)}</Text>
      <Text fw={600} aria-label="Quote total">
        Total {dollars(quote.total)}
      </Text>
    </Stack>
  );
}

type OrdersMade = QuotePurchaseOrdersResult;

/** The button, and what it made: links to each draft PO, and the product lines left out (no preferred vendor). */
function CreatePurchaseOrders({ quote }: { quote: QuoteDetail }) {
  const create = useQuotePurchaseOrders();
  const [made, setMade] = useState<OrdersMade | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (quote.status === 'declined' || quote.status === 'expired') return null;
  const onCreate = async () => {
    setError(null);
    try {
      setMade(await create.mutateAsync(quote.id));
    } catch (failure) {
      setMade(null);
      setError(errorText(failure));
    }
  };
  return (
    <Stack gap="xs" role="group" aria-label="Purchase orders from this quote">
      <Group>
        <Button variant="default" loading={create.isPending} onClick={onCreate}>
          Create purchase orders
        </Button>
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {made ? (
        <Alert color="green" role="status" title={made.message}>
          <Stack gap={4}>
            {made.data.purchase_orders.map((order) => (
              <Anchor key={order.id} component={Link} to={`/billing/purchaseorders?id=${order.id}`} size="sm">
                {order.label} · {order.vendor_name} · {order.lines === 1 ? '1 line' : `${order.lines} lines`}
              </Anchor>
            ))}
            {made.data.skipped_lines.length > 0 ? (
              <Stack gap={2} aria-label="Lines not ordered">
                <Text size="sm" fw={600}>
                  Not ordered (no item with a preferred vendor)
                </Text>
                {made.data.skipped_lines.map((line) => (
                  <Text key={line.line_no} size="sm">
                    Line {line.line_no}: {line.description}
                  </Text>
                ))}
              </Stack>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

function QuoteSummary({ quote }: { quote: QuoteDetail }) {
  const action = useQuoteAction();
  const convert = useConvertQuote();
  const [mode, setMode] = useState<'full' | 'deposit'>('full');
  const [percent, setPercent] = useState<number | string>(30);
  const [message, setMessage] = useState<string | null>(null);
  const [linkTo, setLinkTo] = useState('');
  const run = async (call: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await call();
    } catch (error) {
      setMessage(errorText(error));
    }
  };
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light" color={statusColors[quote.status]}>
          {quoteStatusLabels[quote.status]}
        </Badge>
        <Text size="sm">
          {quote.company}
          {quote.project ? ` · ${quote.project}` : ''}
        </Text>
      </Group>
      <Text fw={600}>{quote.title}</Text>
      <Text size="sm">
        Quote date {quote.quote_date}
        {quote.valid_until ? ` · Valid until ${quote.valid_until}` : ''}
      </Text>
      {message ? (
        <Alert color="red" role="alert">
          {message}
        </Alert>
      ) : null}
      <Table aria-label="Quote lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th>Unit price</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.lines.map((line) => (
            <Table.Tr key={line.id} c={line.optional && !line.selected ? 'dimmed' : undefined}>
              <Table.Td>
                {line.description}
                {line.optional ? (line.selected ? ' (optional, chosen)' : ' (optional)') : ''}
              </Table.Td>
              <Table.Td>{line.quantity}</Table.Td>
              <Table.Td>{line.unit_price}</Table.Td>
              <Table.Td>{dollars(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Totals quote={quote} />
      {quote.status === 'sent' ? <LinkRecipients value={linkTo} onChange={setLinkTo} /> : null}
      {quote.status === 'sent' ? (
        <Group>
          <Button
            variant="default"
            loading={action.isPending}
            onClick={() =>
              run(() =>
                action.mutateAsync({
                  id: quote.id,
                  action: 'send',
                  to: recipients(linkTo),
                }),
              )
            }
          >
            Send again
          </Button>
          <Button
            color="green"
            loading={action.isPending}
            onClick={() => run(() => action.mutateAsync({ id: quote.id, action: 'accept' }))}
          >
            Mark accepted
          </Button>
          <Button
            color="red"
            variant="light"
            loading={action.isPending}
            onClick={() => run(() => action.mutateAsync({ id: quote.id, action: 'decline' }))}
          >
            Mark declined
          </Button>
        </Group>
      ) : null}
      {quote.status === 'accepted' ? (
        <Paper withBorder p="sm">
          <Stack gap="xs" role="group" aria-label="Convert to invoice">
            <SegmentedControl
              value={mode}
              onChange={(value) => setMode(value as 'full' | 'deposit')}
              data={[
                { value: 'full', label: 'Full quote' },
                { value: 'deposit', label: 'Deposit' },
              ]}
            />
            {mode === 'deposit' ? (
              <NumberInput
                label="Deposit percent"
                min={0}
                max={100}
                decimalScale={2}
                suffix=" %"
                value={percent}
                onChange={setPercent}
              />
            ) : null}
            <Group>
              <Button
                loading={convert.isPending}
                onClick={() =>
                  run(() =>
                    convert.mutateAsync({
                      id: quote.id,
                      body: mode === 'full' ? { mode } : { mode, percent: Number(percent) },
                    }),
                  )
                }
              >
                Convert to invoice
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
      <CreatePurchaseOrders key={quote.id} quote={quote} />
      {quote.converted_invoice_ids.length > 0 ? (
        <Stack gap={2} aria-label="Invoices from this quote">
          <Text size="sm" fw={600}>
            Invoices from this quote
          </Text>
          {quote.converted_invoice_ids.map((id) => (
            <Anchor key={id} component={Link} to={`/billing/invoices?id=${id}`} size="sm">
              Draft invoice {id}
            </Anchor>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Popover,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  invoiceTypeLabels,
  manualInvoiceTypes,
  type InvoiceDetail,
  type InvoiceLineRow,
  type LineExplain,
} from '@switchboard/shared/billing/invoices';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { getFormErrors } from '../../lib/form-errors.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import {
  useBulkInvoices,
  useDeleteInvoice,
  useInvoice,
  useInvoiceAction,
  useLiveInvoice,
  useUnapplyAllocation,
  useUpdateInvoice,
  savedId,
  type InvoiceAction,
} from './api/invoices.ts';
import { useStockLocations } from './api/stock-locations.ts';
import { allocationRemainders, dollars, errorText, lineErrorsText } from './format.ts';
import { CreditNoteModal, VoidModal, WriteOffModal } from './invoice-modals.tsx';
import { stateColors } from './invoice-filters.ts';
import { checkInErrors, editorLinesOf, sourcedLineInput, type SourcedLine } from './invoice-sources.tsx';
import { invoiceErrors, LineEditor } from './line-editor.tsx';

// The invoice drawer over /billing/invoices (`?id=`, designs/billing.md §5): header, lines (editable in a draft) with
// "How was this computed", tax, payments applied, the journal entry, deliveries, events, and the actions its state
// and the reader's permissions allow (decision 0071). Exported for the /billing home's work queues.

export type DrawerAction =
  | 'save'
  | 'delete'
  | 'approve'
  | 'unapprove'
  | 'post'
  | 'send'
  | 'record_payment'
  | 'credit_note'
  | 'write_off'
  | 'unapply'
  | 'void'
  | 'duplicate'
  | 'pdf';

/**
 * What the drawer offers, as the routes allow it (decision 0071): 'view billing' edits and deletes drafts, sends,
 * records payments and duplicates; 'approve billing' approves, sends back to draft, posts, credits and voids (the
 * server asks 'approve billing' for unapprove, like the bulk call), writes off and unapplies (designs/billing.md §6).
 * A credit note takes no payment, credit, write-off or copy.
 */
export function drawerActions(
  invoice: Pick<InvoiceDetail, 'status' | 'type' | 'balance' | 'total'>,
  permissions: readonly string[],
): DrawerAction[] {
  const view = permissions.includes('view billing');
  const approve = permissions.includes('approve billing');
  const creditNote = invoice.type === 'credit_note';
  const manual = (manualInvoiceTypes as readonly string[]).includes(invoice.type);
  const actions: DrawerAction[] = [];
  const add = (allowed: boolean, ...names: DrawerAction[]) => {
    if (allowed) actions.push(...names);
  };
  switch (invoice.status) {
    case 'draft':
      add(view && manual, 'save');
      add(view, 'delete');
      add(approve, 'approve');
      break;
    case 'approved':
      add(approve, 'unapprove');
      add(approve, 'post');
      break;
    case 'posted':
      add(view, 'send');
      add(view && !creditNote && invoice.balance > 0, 'record_payment');
      add(approve && !creditNote && invoice.total > 0, 'credit_note');
      add(approve && !creditNote && invoice.balance > 0, 'write_off');
      add(approve && !creditNote, 'unapply');
      add(approve, 'void');
      break;
    case 'void':
      break;
  }
  add(view && !creditNote, 'duplicate');
  actions.push('pdf');
  return actions;
}

interface InvoiceDrawerProps {
  /** The invoice shown; null closes the drawer. */
  invoiceId: number | null;
  onClose: () => void;
  /** Opens another invoice in the drawer (a duplicate, a credit note). */
  onOpen: (id: number) => void;
}

export function InvoiceDrawer({ invoiceId, onClose, onOpen }: InvoiceDrawerProps) {
  const phone = useMediaQuery('(max-width: 40em)');
  const invoice = useInvoice(invoiceId);
  const detail = invoice.data;
  useLiveInvoice(invoiceId, detail?.company_id ?? null);
  return (
    <Drawer
      opened={invoiceId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={detail ? `Invoice ${detail.label}` : 'Invoice'}
    >
      {invoice.isPending && invoiceId !== null ? <Loader /> : null}
      {invoice.isError ? <Alert color="red">{errorText(invoice.error)}</Alert> : null}
      {detail ? <InvoiceBody key={detail.id} detail={detail} onOpen={onOpen} onClose={onClose} /> : null}
    </Drawer>
  );
}

function InvoiceBody({
  detail,
  onOpen,
  onClose,
}: {
  detail: InvoiceDetail;
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const permissions = usePermissions();
  const actions = drawerActions(detail, permissions);
  return (
    <Stack gap="md">
      <InvoiceHeader detail={detail} />
      <InvoiceButtons detail={detail} actions={actions} onOpen={onOpen} onClose={onClose} />
      {actions.includes('save') ? <DraftEditor detail={detail} /> : <LinesTable detail={detail} />}
      <Totals detail={detail} />
      <Allocations detail={detail} canUnapply={actions.includes('unapply')} />
      <JournalEntry detail={detail} />
      <Deliveries detail={detail} />
      <Events detail={detail} />
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" aria-label={label}>
        {children}
      </Text>
    </div>
  );
}

function InvoiceHeader({ detail }: { detail: InvoiceDetail }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Title order={3}>{detail.label}</Title>
        <Badge color={stateColors[detail.state]} aria-label="State">
          {detail.state}
        </Badge>
        <Text c="dimmed">{invoiceTypeLabels[detail.type]}</Text>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Field label="Company">{detail.company_name}</Field>
        <Field label="Invoice date">{detail.invoice_date ?? 'At posting'}</Field>
        <Field label="Due date">{detail.due_date ?? `Net ${detail.payment_terms}`}</Field>
        <Field label="Terms">{`Net ${detail.payment_terms}`}</Field>
        <Field label="Total">{dollars(detail.total)}</Field>
        <Field label="Balance">{dollars(detail.balance)}</Field>
        {detail.billing_month ? <Field label="Run month">{detail.billing_month.slice(0, 7)}</Field> : null}
        {detail.closed_on ? <Field label="Closed on">{detail.closed_on}</Field> : null}
        {detail.void_reason ? <Field label="Void reason">{detail.void_reason}</Field> : null}
      </SimpleGrid>
      {detail.bill_to ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} aria-label="Bill to">
          {detail.bill_to.name}
          {detail.bill_to.address ? `\n${detail.bill_to.address}` : ''}
        </Text>
      ) : null}
      {detail.memo ? (
        <Text size="sm" c="dimmed" aria-label="Memo">
          {detail.memo}
        </Text>
      ) : null}
    </Stack>
  );
}

const actionMessages: Record<InvoiceAction, string> = {
  approve: 'Approve',
  unapprove: 'Back to draft',
  post: 'Post',
  duplicate: 'Duplicate',
};

function InvoiceButtons(props: {
  detail: InvoiceDetail;
  actions: DrawerAction[];
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const { detail, actions, onOpen, onClose } = props;
  const act = useInvoiceAction();
  const send = useBulkInvoices();
  const remove = useDeleteInvoice();
  const [modal, setModal] = useState<'void' | 'credit' | 'write_off' | 'delete' | null>(null);
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const has = (action: DrawerAction) => actions.includes(action);
  const run = (action: InvoiceAction) => {
    setNotice(null);
    act.mutate(
      { id: detail.id, action },
      {
        onSuccess: (answer) => {
          const id = savedId(answer);
          if (action === 'duplicate' && id !== null) onOpen(id);
          else if (answer.message) setNotice({ color: 'green', text: answer.message });
        },
        onError: (error) => setNotice({ color: 'red', text: lineErrorsText(error) }),
      },
    );
  };
  const button = (action: InvoiceAction, variant: 'filled' | 'default' = 'default') =>
    has(action === 'unapprove' ? 'unapprove' : action) ? (
      <Button
        size="xs"
        variant={variant}
        loading={act.isPending && act.variables?.action === action}
        onClick={() => run(action)}
      >
        {actionMessages[action]}
      </Button>
    ) : null;
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" role="group" aria-label="Invoice actions">
        {button('approve', 'filled')}
        {button('unapprove')}
        {button('post', 'filled')}
        {has('send') ? (
          <Button
            size="xs"
            loading={send.isPending}
            onClick={() => {
              setNotice(null);
              send.mutate(
                { action: 'send', ids: [detail.id] },
                {
                  onSuccess: (result) =>
                    setNotice(
                      result.failed.length > 0
                        ? { color: 'red', text: result.failed.map((failure) => failure.message).join(' ') }
                        : { color: 'green', text: 'Sent.' },
                    ),
                  onError: (error) => setNotice({ color: 'red', text: errorText(error) }),
                },
              );
            }}
          >
            Send
          </Button>
        ) : null}
        {has('record_payment') ? (
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/billing/payments/receive?company_id=${detail.company_id}&invoice_id=${detail.id}`}
          >
            Record payment
          </Button>
        ) : null}
        {has('credit_note') ? (
          <Button size="xs" variant="default" onClick={() => setModal('credit')}>
            Credit note
          </Button>
        ) : null}
        {has('write_off') ? (
          <Button size="xs" variant="default" color="red" onClick={() => setModal('write_off')}>
            Write off
          </Button>
        ) : null}
        {has('void') ? (
          <Button size="xs" variant="default" color="red" onClick={() => setModal('void')}>
            Void
          </Button>
        ) : null}
        {button('duplicate')}
        {has('delete') ? (
          <Button size="xs" variant="subtle" color="red" onClick={() => setModal('delete')}>
            Delete draft
          </Button>
        ) : null}
        <Button size="xs" variant="default" component={Link} to={`/pdf/invoice/${detail.id}`}>
          Open PDF
        </Button>
      </Group>
      {notice ? (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      ) : null}
      <VoidModal opened={modal === 'void'} invoice={detail} onClose={() => setModal(null)} />
      {modal === 'write_off' ? <WriteOffModal opened invoice={detail} onClose={() => setModal(null)} /> : null}
      <CreditNoteModal
        opened={modal === 'credit'}
        invoice={detail}
        onClose={() => setModal(null)}
        onCreated={(id) => {
          setModal(null);
          onOpen(id);
        }}
      />
      {modal === 'delete' ? (
        <Alert color="red" title={`Delete ${detail.label}?`}>
          <Group gap="xs">
            <Button
              size="xs"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(detail.id, {
                  onSuccess: () => onClose(),
                  onError: (error) => setNotice({ color: 'red', text: errorText(error) }),
                })
              }
            >
              Delete
            </Button>
            <Button size="xs" variant="default" onClick={() => setModal(null)}>
              Cancel
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}

function DraftEditor({ detail }: { detail: InvoiceDetail }) {
  const save = useUpdateInvoice(detail.id);
  const [lines, setLines] = useState<SourcedLine[]>(() => editorLinesOf(detail.lines));
  const [memo, setMemo] = useState(detail.memo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  // Another window saved this draft: start again from what is stored.
  useEffect(() => {
    setLines(editorLinesOf(detail.lines));
    setMemo(detail.memo);
  }, [detail]);
  const submit = () => {
    setNotice(null);
    const body = {
      company_id: detail.company_id,
      type: detail.type as (typeof manualInvoiceTypes)[number],
      project_id: detail.project_id,
      invoice_date: detail.invoice_date,
      payment_terms: detail.payment_terms,
      memo,
      lines: lines.map(sourcedLineInput),
    };
    const found = invoiceErrors(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: (answer) => setNotice({ color: 'green', text: answer.message ?? 'Saved.' }),
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        setErrors(fields);
        setNotice({ color: 'red', text: fields.lines ?? checkInErrors(fields)[0] ?? message });
      },
    });
  };
  return (
    <Stack gap="xs">
      <Title order={4}>Lines</Title>
      <LineEditor lines={lines} onChange={setLines} errors={errors} />
      <TextInput
        size="xs"
        label="Memo"
        value={memo}
        error={errors.memo}
        onChange={(event) => setMemo(event.currentTarget.value)}
      />
      {notice ? (
        <Alert color={notice.color} role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button size="xs" onClick={submit} loading={save.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

const explainLabels: Record<Exclude<keyof LineExplain, 'summary'>, string> = {
  contract_id: 'Contract',
  usage_month: 'Usage month',
  retainer_hours: 'Retainer hours',
  used_hours: 'Hours used',
  rollover_in: 'Rollover in',
  balance_hours: 'Balance (hours)',
  overage_hours: 'Overage hours',
  rate: 'Rate',
  days: 'Days billed',
  of_days: 'Days in the month',
  base: 'Base',
  percent: 'Percent',
  invoice_ids: 'Invoices',
  check_in_ids: 'Check-ins',
};

function explainValue(key: keyof typeof explainLabels, value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if ((key === 'rate' || key === 'base') && typeof value === 'number') return dollars(value);
  if (key === 'percent' && typeof value === 'number') return `${value}%`;
  return String(value);
}

/** The "i" beside a computed line: its one-sentence summary and the inputs it was computed from. */
export function ExplainPopover({ line }: { line: InvoiceLineRow }) {
  const explain = line.explain;
  if (!explain) return null;
  const inputs = (Object.keys(explainLabels) as (keyof typeof explainLabels)[]).filter(
    (key) => explain[key] !== undefined && explain[key] !== null,
  );
  return (
    <Popover width={300} withArrow shadow="md" position="bottom-start">
      <Popover.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={`How was line ${line.line_no} computed`}>
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            How was this computed
          </Text>
          <Text size="sm">{explain.summary}</Text>
          {inputs.map((key) => (
            <Group key={key} justify="space-between" gap="xs">
              <Text size="xs" c="dimmed">
                {explainLabels[key]}
              </Text>
              <Text size="xs">{explainValue(key, explain[key])}</Text>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Read-only lines: one line a row on a wide screen; the description wraps, so a phone's drawer keeps its width. */
function LinesTable({ detail }: { detail: InvoiceDetail }) {
  const locations = useStockLocations(detail.lines.some((line) => line.stock_location_id !== null));
  const locationName = (id: number) => locations.data?.find((location) => location.id === id)?.name ?? `#${id}`;
  return (
    <Stack gap="xs">
      <Title order={4}>Lines</Title>
      <Table aria-label="Lines" layout="fixed" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th w={56} ta="right">
              Qty
            </Table.Th>
            <Table.Th w={88} ta="right">
              Price
            </Table.Th>
            <Table.Th w={96} ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <span>
                    {line.description}
                    {line.proration ? ` (${line.proration.days} of ${line.proration.of} days)` : ''}
                    {line.taxable ? ' · taxable' : ''}
                    {line.stock_location_id !== null ? ` · from ${locationName(line.stock_location_id)}` : ''}
                  </span>
                  <ExplainPopover line={line} />
                </Group>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{dollars(line.unit_price)}</Table.Td>
              <Table.Td ta="right">{dollars(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Totals({ detail }: { detail: InvoiceDetail }) {
  const rate = detail.tax_rate;
  return (
    <Stack gap={2} align="flex-end" aria-label="Totals">
      <Text size="sm">Subtotal {dollars(detail.subtotal)}</Text>
      <Text size="sm" aria-label="Tax">
        {rate ? `Tax (${rate.name} ${Number(rate.percent)}%)` : 'Tax'} {dollars(detail.tax_total)}
        {detail.tax_exempt_certificate ? ` · exempt, certificate ${detail.tax_exempt_certificate}` : ''}
      </Text>
      <Text size="sm" fw={600}>
        Total {dollars(detail.total)}
      </Text>
      <Text size="sm">Balance {dollars(detail.balance)}</Text>
    </Stack>
  );
}

function Section({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {empty !== null ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/**
 * Payments, credits and write-offs applied, each with the remainder it left (designs/billing.md §3.6: unapplying
 * keeps the row, dimmed, so the history reads as it happened). 'approve billing' unapplies a payment or a credit.
 */
function Allocations({ detail, canUnapply }: { detail: InvoiceDetail; canUnapply: boolean }) {
  const unapply = useUnapplyAllocation();
  const [error, setError] = useState<string | null>(null);
  const remainders = allocationRemainders(detail.total, detail.allocations);
  return (
    <Section title="Payments applied" empty={detail.allocations.length === 0 ? 'Nothing applied yet.' : null}>
      <Table aria-label="Payments applied" fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th>Applied</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">Remainder</Table.Th>
            {canUnapply ? <Table.Th /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.allocations.map((allocation) => (
            <Table.Tr key={allocation.id} c={allocation.unapplied_on ? 'dimmed' : undefined}>
              <Table.Td>{allocation.source_label}</Table.Td>
              <Table.Td>
                {allocation.applied_on}
                {allocation.unapplied_on ? ` (unapplied ${allocation.unapplied_on})` : ''}
              </Table.Td>
              <Table.Td ta="right">{dollars(allocation.amount)}</Table.Td>
              <Table.Td ta="right">{dollars(remainders.get(allocation.id) ?? 0)}</Table.Td>
              {canUnapply ? (
                <Table.Td ta="right">
                  {allocation.unapplied_on === null && allocation.source_type !== 'write_off' ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-label={`Unapply ${allocation.source_label}`}
                      loading={unapply.isPending && unapply.variables === allocation.id}
                      onClick={() => {
                        setError(null);
                        unapply.mutate(allocation.id, { onError: (failure) => setError(errorText(failure)) });
                      }}
                    >
                      Unapply
                    </Button>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
    </Section>
  );
}

function JournalEntry({ detail }: { detail: InvoiceDetail }) {
  const entry = detail.journal_entry;
  return (
    <Section title="Journal entry" empty={entry ? null : 'Written when the invoice is posted.'}>
      {entry ? (
        <>
          <Text size="sm" aria-label="Journal entry number">
            {entry.number} · {entry.entry_date}
          </Text>
          <Table aria-label="Journal entry" fz="sm" verticalSpacing={4} layout="fixed">
            <Table.Tbody>
              {entry.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/billing/ledgers/${line.account_id}`} size="sm">
                      {line.account_number} {line.account_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td w={96} ta="right">
                    {line.debit ? dollars(line.debit) : ''}
                  </Table.Td>
                  <Table.Td w={96} ta="right">
                    {line.credit ? dollars(line.credit) : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Section>
  );
}

function Deliveries({ detail }: { detail: InvoiceDetail }) {
  return (
    <Section title="Deliveries" empty={detail.deliveries.length === 0 ? 'Not sent yet.' : null}>
      <Table aria-label="Deliveries" fz="sm" verticalSpacing={4} layout="fixed">
        <Table.Tbody>
          {detail.deliveries.map((delivery) => (
            <Table.Tr key={delivery.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{delivery.recipient}</Table.Td>
              <Table.Td w={48}>{String(delivery.revision).padStart(2, '0')}</Table.Td>
              <Table.Td w={140} style={{ overflowWrap: 'anywhere' }}>
                {delivery.status}
                {delivery.sent_at ? ` ${delivery.sent_at.slice(0, 10)}` : ''}
                {delivery.error ? ` (${delivery.error})` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

function Events({ detail }: { detail: InvoiceDetail }) {
  return (
    <Section title="Events" empty={detail.events.length === 0 ? 'No events.' : null}>
      <Stack gap={2} aria-label="Events">
        {detail.events.map((event) => (
          <Text size="sm" key={event.id}>
            {event.at.slice(0, 16).replace('T', ' ')} · {event.event}
            {event.actor_name ? ` · ${event.actor_name}` : ''}
          </Text>
        ))}
      </Stack>
    </Section>
  );
}

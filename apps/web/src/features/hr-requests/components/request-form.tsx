import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { defaultHrSettings, isoWeekdayKeys, type HrCategory, type WorkHours } from '@switchboard/shared/hr/base';
import {
  hrEquipmentTypes,
  hrRequestAttachmentAccept,
  hrRequestAttachmentMaxBytes,
  hrRequestBankLabels,
  hrRequestInputSchema,
  type HrRequestBank,
  type HrRequestBankOption,
  type HrRequestDetail,
  type HrRequestInput,
  type HrRequestPreviewInput,
} from '@switchboard/shared/hr/requests';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useHrBase } from '../../hr/api/hr-base.ts';
import { useRequestBanks, useRequestPreview, useRequesterSchedule, useSaveRequest } from '../api/requests.ts';
import {
  choicesOfDays,
  dayInputs,
  messagesByField,
  previewInputOf,
  weekdayName,
  type DayChoice,
  type TimeOffFields,
} from '../request-rules.ts';
import { BalanceTable, WhoIsOut } from './balance-table.tsx';
import { DayTable } from './day-table.tsx';

// The request form (designs/hr.md §2.3, §2.4): the category's kind decides the fields; a time-off request shows its
// day table, total, balance per bank and period (debounced preview) and who else is out before it is sent. One
// shared contract checks it here and on the server; the server's 422 lands on the same fields.

type Details = Record<string, unknown>;
/** Fields whose message shows under their input. */
const placedFields = new Set(['reason', 'bank', 'start_date', 'end_date', 'note', 'attachment']);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const attachmentTooLarge = `The attachment may not be greater than ${hrRequestAttachmentMaxBytes / 1024 / 1024} MB.`;
const numberOrEmpty = (value: unknown): number | '' => (typeof value === 'number' ? value : '');

export function RequestForm({
  category,
  request,
  onBehalfOf = null,
  initialDate = null,
  onSaved,
  onCancel,
}: {
  category: HrCategory;
  /** A new request's first day (a calendar day clicked): time off starts, a schedule change takes effect then. */
  initialDate?: string | null;
  /** Editing a pending request (PUT, back to stage 1). */
  request?: HrRequestDetail;
  /** Filing for another employee (HR or their manager; the server decides), who may then approve at once. */
  onBehalfOf?: number | null;
  onSaved: (saved: HrRequestDetail) => void;
  onCancel: () => void;
}) {
  const save = useSaveRequest();
  const [local, setLocal] = useState<Record<string, string>>({});
  const stored = (request?.details ?? {}) as Details;
  const [note, setNote] = useState(request?.note ?? '');
  const [approveNow, setApproveNow] = useState(false);
  const [attachment, setAttachment] = useState<File | null>(null);
  const [timeOff, setTimeOff] = useState<TimeOffFields>({
    reason: request?.reason ?? null,
    bank: request?.bank ?? null,
    start_date: request?.start_date ?? initialDate ?? '',
    end_date: request?.end_date ?? initialDate ?? '',
    choices: request ? choicesOfDays(request.days) : {},
  });
  const [details, setDetails] = useState<Details>(() =>
    initialDetails(category.kind, request ? stored : { effective_date: initialDate ?? '', needed_by: '' }),
  );
  const [hoursTouched, setHoursTouched] = useState(Boolean(request));
  const setDetail = (key: string, value: unknown) => {
    if (key === 'work_hours') setHoursTouched(true);
    setDetails((previous) => ({ ...previous, [key]: value }));
  };
  // A new schedule change starts from the week the employee works now, not the company default.
  const schedule = useRequesterSchedule(onBehalfOf, category.kind === 'schedule_change' && !request);
  useEffect(() => {
    if (schedule.data && !hoursTouched)
      setDetails((previous) => ({ ...previous, work_hours: { ...schedule.data.work_hours } }));
  }, [schedule.data, hoursTouched]);

  const serverFields = isApiError(save.error) ? (save.error.errors ?? {}) : {};
  const shown: Record<string, string> = { ...local };
  for (const [key, messages] of Object.entries(serverFields)) if (messages[0]) shown[key] = messages[0];
  const errorOf = (key: string) => shown[key];
  const bannerError =
    save.error && !(isApiError(save.error) && save.error.errors)
      ? isApiError(save.error)
        ? save.error.message
        : 'An error occured.'
      : null;

  // Messages no field shows (a day's, the category's, the whole request's) stand above the buttons.
  const unplaced = [
    ...new Set(
      Object.entries(shown)
        .filter(([field]) => !placedFields.has(field) && !field.startsWith('details.'))
        .map(([, message]) => message),
    ),
  ];

  const inputOf = (): HrRequestInput => {
    const common = {
      category_id: category.id,
      note,
      ...(request ? { version: request.version } : {}),
      ...(onBehalfOf !== null && !request ? { user_id: onBehalfOf, approve_now: approveNow } : {}),
    };
    if (category.kind === 'time_off') {
      return {
        kind: 'time_off',
        ...common,
        reason: (timeOff.reason ?? '') as 'Vacation',
        bank: (timeOff.bank ?? '') as HrRequestBank,
        start_date: timeOff.start_date,
        end_date: timeOff.end_date,
        days: dayInputs(timeOff, timeOff.choices),
      };
    }
    return { kind: category.kind, ...common, details: detailsInput(category.kind, details) } as HrRequestInput;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf();
    const messages = messagesByField(hrRequestInputSchema.safeParse(input));
    if (attachment && attachment.size > hrRequestAttachmentMaxBytes) messages.attachment = attachmentTooLarge;
    setLocal(messages);
    if (Object.keys(messages).length > 0) return;
    save.mutate(
      { id: request?.id ?? null, input, attachment },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message ?? 'Request submitted.' });
          onSaved(answer.data);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${category.name} request`}>
      <Stack gap="md">
        {category.instructions ? (
          <Alert color="blue" title={category.name}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {category.instructions}
            </Text>
          </Alert>
        ) : null}
        {category.kind === 'time_off' ? (
          <TimeOffFieldsEditor
            fields={timeOff}
            onChange={setTimeOff}
            errorOf={errorOf}
            requestId={request?.id ?? null}
            requesterId={request?.requester.id ?? onBehalfOf}
          />
        ) : category.kind === 'equipment' ? (
          <EquipmentFields details={details} set={setDetail} errorOf={errorOf} />
        ) : category.kind === 'schedule_change' ? (
          <ScheduleChangeFields details={details} set={setDetail} errorOf={errorOf} />
        ) : (
          <GeneralFields details={details} set={setDetail} errorOf={errorOf} />
        )}
        <Textarea
          label="Note"
          description="For your approver"
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errorOf('note')}
        />
        {request ? null : (
          <FileInput
            label="Attachment (HR only)"
            description="A doctor's note or a summons: read by you and HR, not by your manager. PDF, image or Word, up to 10 MB."
            placeholder="Choose a file"
            clearable
            accept={hrRequestAttachmentAccept}
            value={attachment}
            onChange={setAttachment}
            error={errorOf('attachment')}
          />
        )}
        {onBehalfOf !== null && !request ? (
          <Checkbox
            label="Approve now"
            description="Recorded as approved at once (HR, or the employee's manager)"
            checked={approveNow}
            onChange={(event) => setApproveNow(event.currentTarget.checked)}
          />
        ) : null}
        {unplaced.map((message) => (
          <Alert key={message} color="red">
            {message}
          </Alert>
        ))}
        {bannerError ? <Alert color="red">{bannerError}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {request ? 'Save changes' : 'Send request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TimeOffFieldsEditor({
  fields,
  onChange,
  errorOf,
  requestId,
  requesterId,
}: {
  fields: TimeOffFields;
  onChange: (fields: TimeOffFields) => void;
  errorOf: (key: string) => string | undefined;
  requestId: number | null;
  requesterId: number | null;
}) {
  const base = useHrBase();
  const extra = { request_id: requestId, user_id: requesterId };
  const input = previewInputOf(fields, extra);
  // The preview is asked once typing settles; a key of text keeps an equal input from asking again.
  const [key] = useDebouncedValue(JSON.stringify(input), 300);
  const debounced = useMemo(() => JSON.parse(key) as HrRequestPreviewInput | null, [key]);
  const preview = useRequestPreview(debounced);
  const banks = useRequestBanks(requesterId);
  const set = (changes: Partial<TimeOffFields>) => onChange({ ...fields, ...changes });
  const choose = (date: string, choice: DayChoice) => set({ choices: { ...fields.choices, [date]: choice } });
  const bankOptions: HrRequestBankOption[] = preview.data?.banks ?? banks.data ?? [];
  const previewError = preview.isError
    ? isApiError(preview.error) && preview.error.errors
      ? Object.values(preview.error.errors)[0]?.[0]
      : isApiError(preview.error)
        ? preview.error.message
        : 'An error occured.'
    : null;
  const dayErrors = Object.entries({ ...(isApiError(preview.error) ? (preview.error.errors ?? {}) : {}) })
    .filter(([field]) => field.startsWith('days'))
    .map(([, messages]) => messages[0]);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Reason"
          withAsterisk
          data={base.data?.reasons ?? []}
          value={fields.reason}
          onChange={(reason) => set({ reason })}
          error={errorOf('reason')}
        />
        <Select
          label="Bank"
          withAsterisk
          allowDeselect={false}
          data={bankOptions.map((option) => ({ value: option.bank, label: option.label }))}
          value={fields.bank}
          onChange={(bank) => set({ bank: bank as HrRequestBank | null })}
          error={errorOf('bank')}
          comboboxProps={{ width: 'target' }}
          description={
            fields.bank
              ? `Draws from ${hrRequestBankLabels[fields.bank]}${
                  fields.bank === 'unpaid' ? ': no PTO balance changes' : ''
                }`
              : undefined
          }
        />
        <TextInput
          type="date"
          label="Start date"
          withAsterisk
          value={fields.start_date}
          onChange={(event) => {
            const start = event.currentTarget.value;
            // A one-day request is the common case: the end follows the start until it is set apart.
            set({ start_date: start, end_date: fields.end_date && fields.end_date >= start ? fields.end_date : start });
          }}
          error={errorOf('start_date')}
        />
        <TextInput
          type="date"
          label="End date"
          withAsterisk
          value={fields.end_date}
          onChange={(event) => set({ end_date: event.currentTarget.value })}
          error={errorOf('end_date')}
        />
      </SimpleGrid>
      {previewError && !dayErrors.length ? <Alert color="red">{previewError}</Alert> : null}
      {dayErrors.map((message) => (
        <Alert key={message} color="red">
          {message}
        </Alert>
      ))}
      {input === null && !preview.data ? (
        <Text size="sm" c="dimmed">
          Choose the reason, the bank and the dates to see the days and your balance.
        </Text>
      ) : null}
      {preview.isFetching && !preview.data ? <Loader size="sm" aria-label="Loading the preview" /> : null}
      {preview.data ? (
        <Stack gap="sm" aria-busy={preview.isFetching || key !== JSON.stringify(input)}>
          <Title order={3} size="h5">
            Days
          </Title>
          <DayTable
            days={preview.data.days}
            total={preview.data.total_hours}
            choices={fields.choices}
            onChoose={choose}
          />
          <Title order={3} size="h5">
            Balance
          </Title>
          <BalanceTable balances={preview.data.balances} />
          {preview.data.warnings.map((warning) => (
            <Alert
              key={warning}
              color={preview.data.negative && preview.data.negative_balance === 'block' ? 'red' : 'yellow'}
            >
              {warning}
            </Alert>
          ))}
          <Title order={3} size="h5">
            Who else is out
          </Title>
          <WhoIsOut entries={preview.data.others_out} excludeUserId={requesterId ?? undefined} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function initialDetails(kind: HrCategory['kind'], stored: Details): Details {
  if (kind === 'equipment')
    return {
      item: text(stored.item),
      type: typeof stored.type === 'string' ? stored.type : null,
      quantity: numberOrEmpty(stored.quantity) || 1,
      needed_by: text(stored.needed_by),
      estimated_cost: numberOrEmpty(stored.estimated_cost),
      link: text(stored.link),
      justification: text(stored.justification),
    };
  if (kind === 'schedule_change')
    return {
      effective_date: text(stored.effective_date),
      end_date: text(stored.end_date),
      work_hours: (stored.work_hours as WorkHours | undefined) ?? { ...defaultHrSettings.work_week },
      reason: text(stored.reason),
    };
  return { subject: text(stored.subject), details: text(stored.details) };
}

/** The details object the contract reads: empty optional fields are left out. */
function detailsInput(kind: HrCategory['kind'], details: Details): Details {
  if (kind === 'equipment')
    return {
      ...details,
      quantity: details.quantity === '' ? undefined : details.quantity,
      needed_by: details.needed_by || null,
      estimated_cost: details.estimated_cost === '' ? null : details.estimated_cost,
      link: details.link || null,
    };
  if (kind === 'schedule_change') return { ...details, end_date: details.end_date || null };
  return details;
}

interface KindFieldsProps {
  details: Details;
  set: (key: string, value: unknown) => void;
  errorOf: (key: string) => string | undefined;
}

const detailError = (errorOf: KindFieldsProps['errorOf'], key: string) => errorOf(`details.${key}`);

function EquipmentFields({ details, set, errorOf }: KindFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Item"
        withAsterisk
        value={text(details.item)}
        onChange={(event) => set('item', event.currentTarget.value)}
        error={detailError(errorOf, 'item')}
      />
      <Select
        label="Type"
        withAsterisk
        data={[...hrEquipmentTypes]}
        value={(details.type as string | null) ?? null}
        onChange={(value) => set('type', value)}
        error={detailError(errorOf, 'type')}
      />
      <NumberInput
        label="Quantity"
        withAsterisk
        min={1}
        max={1000}
        allowDecimal={false}
        value={numberOrEmpty(details.quantity)}
        onChange={(value) => set('quantity', value)}
        error={detailError(errorOf, 'quantity')}
      />
      <TextInput
        type="date"
        label="Needed by"
        value={text(details.needed_by)}
        onChange={(event) => set('needed_by', event.currentTarget.value)}
        error={detailError(errorOf, 'needed_by')}
      />
      <NumberInput
        label="Estimated cost (USD)"
        min={0}
        decimalScale={2}
        prefix="$"
        thousandSeparator=","
        value={numberOrEmpty(details.estimated_cost)}
        onChange={(value) => set('estimated_cost', value)}
        error={detailError(errorOf, 'estimated_cost')}
      />
      <TextInput
        label="Link"
        placeholder="https://"
        value={text(details.link)}
        onChange={(event) => set('link', event.currentTarget.value)}
        error={detailError(errorOf, 'link')}
      />
      <Textarea
        label="Justification"
        withAsterisk
        autosize
        minRows={2}
        style={{ gridColumn: '1 / -1' }}
        value={text(details.justification)}
        onChange={(event) => set('justification', event.currentTarget.value)}
        error={detailError(errorOf, 'justification')}
      />
    </SimpleGrid>
  );
}

function ScheduleChangeFields({ details, set, errorOf }: KindFieldsProps) {
  const week = details.work_hours as WorkHours;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="date"
          label="Effective date"
          withAsterisk
          value={text(details.effective_date)}
          onChange={(event) => set('effective_date', event.currentTarget.value)}
          error={detailError(errorOf, 'effective_date')}
        />
        <TextInput
          type="date"
          label="End date"
          description="Leave empty for a lasting change"
          value={text(details.end_date)}
          onChange={(event) => set('end_date', event.currentTarget.value)}
          error={detailError(errorOf, 'end_date')}
        />
      </SimpleGrid>
      <Text size="sm" fw={500}>
        Hours per weekday
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 7 }}>
        {isoWeekdayKeys.map((day) => (
          <NumberInput
            key={day}
            label={weekdayName(Number(day))}
            min={0}
            max={24}
            step={0.25}
            decimalScale={2}
            value={week[day]}
            onChange={(value) => set('work_hours', { ...week, [day]: typeof value === 'number' ? value : 0 })}
            error={errorOf(`details.work_hours.${day}`)}
          />
        ))}
      </SimpleGrid>
      {errorOf('details.work_hours') ? <Alert color="red">{errorOf('details.work_hours')}</Alert> : null}
      <Textarea
        label="Reason"
        withAsterisk
        autosize
        minRows={2}
        value={text(details.reason)}
        onChange={(event) => set('reason', event.currentTarget.value)}
        error={detailError(errorOf, 'reason')}
      />
    </Stack>
  );
}

function GeneralFields({ details, set, errorOf }: KindFieldsProps) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Subject"
        withAsterisk
        value={text(details.subject)}
        onChange={(event) => set('subject', event.currentTarget.value)}
        error={detailError(errorOf, 'subject')}
      />
      <Textarea
        label="Details"
        withAsterisk
        autosize
        minRows={4}
        value={text(details.details)}
        onChange={(event) => set('details', event.currentTarget.value)}
        error={detailError(errorOf, 'details')}
      />
    </Stack>
  );
}

/** Fields a read-only detail shows for a kind's details. */
export function DetailsList({ kind, details }: { kind: HrCategory['kind']; details: Details | null }): ReactNode {
  if (!details || kind === 'time_off') return null;
  const rows: [string, string][] =
    kind === 'equipment'
      ? [
          ['Item', text(details.item)],
          ['Type', text(details.type)],
          ['Quantity', String(details.quantity ?? '')],
          ['Needed by', text(details.needed_by)],
          ['Estimated cost', typeof details.estimated_cost === 'number' ? `$${details.estimated_cost.toFixed(2)}` : ''],
          ['Link', text(details.link)],
          ['Justification', text(details.justification)],
        ]
      : kind === 'schedule_change'
        ? [
            ['Effective date', text(details.effective_date)],
            ['End date', text(details.end_date) || 'Lasting'],
            [
              'Hours per weekday',
              isoWeekdayKeys
                .map(
                  (day) => `${weekdayName(Number(day)).slice(0, 3)} ${(details.work_hours as WorkHours)?.[day] ?? 0}`,
                )
                .join(', '),
            ],
            ['Reason', text(details.reason)],
          ]
        : [
            ['Subject', text(details.subject)],
            ['Details', text(details.details)],
          ];
  return (
    <Stack gap={4}>
      {rows
        .filter(([, value]) => value !== '')
        .map(([label, value]) => (
          <Group key={label} gap="xs" align="flex-start" wrap="nowrap">
            <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
              {label}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {value}
            </Text>
          </Group>
        ))}
    </Stack>
  );
}

import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  annualReplacementPlan,
  currentUtcYear,
  noRefreshStrategiesText,
  recipientLabel,
  refreshAgeColor,
  refreshGroups,
  refreshLifespanYears,
  refreshStrategyInputSchema,
  refreshStrategySaveFailedMessage,
  replacementYears,
  type DeviceType,
  type RefreshDevice,
  type RefreshPriorityField,
  type RefreshStrategiesResponse,
  type RefreshStrategy,
} from '@switchboard/shared';
import { IconFileTypePdf, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useRefreshStrategies, useSaveRefreshStrategy } from './api/strategies.ts';

/** What the company page hands a tab (features/companies/tabs/tab-props.ts, kept in step). */
interface TabProps {
  companyId: number;
  method: string;
  methodId: string | undefined;
}

const rowColours = {
  green: 'var(--mantine-color-green-light)',
  yellow: 'var(--mantine-color-yellow-light)',
  red: 'var(--mantine-color-red-light)',
} as const;

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * Spec 2 §2 Refresh strategies: /companies/{companyId}/refresh-strategy (home), /refresh-strategy/create and
 * /refresh-strategy/edit/{id}. Saving returns home; the server mails the strategy as a PDF (decision 0050).
 */
export function RefreshStrategyTab({ companyId, method, methodId }: TabProps) {
  const query = useRefreshStrategies(companyId);
  if (query.isPending) return <PageLoader label="Loading refresh strategies" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The refresh strategies could not be loaded.
      </Alert>
    );
  if (method === 'create') return <RefreshStrategyForm companyId={companyId} data={query.data} strategy={null} />;
  if (method === 'edit') {
    const strategy = query.data.strategies.find((entry) => String(entry.id) === methodId);
    if (!strategy)
      return (
        <Alert color="red" variant="light" role="alert">
          This refresh strategy does not exist.
        </Alert>
      );
    return <RefreshStrategyForm key={strategy.id} companyId={companyId} data={query.data} strategy={strategy} />;
  }
  return <RefreshStrategyHome companyId={companyId} strategies={query.data.strategies} />;
}

function RefreshStrategyHome({ companyId, strategies }: { companyId: number; strategies: RefreshStrategy[] }) {
  // One row per emailed recipient (spec 2 §2); a strategy mailed to no one still shows once.
  const rows = strategies.flatMap((strategy) =>
    strategy.emails.length
      ? strategy.emails.map((recipient, index) => ({
          strategy,
          recipient: recipientLabel(recipient),
          key: `${strategy.id}-${index}`,
        }))
      : [{ strategy, recipient: '', key: `${strategy.id}` }],
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Refresh Strategies
        </Title>
        <Button
          component={Link}
          to={`/companies/${companyId}/refresh-strategy/create`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New Refresh Strategy
        </Button>
      </Group>
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label="Refresh strategies">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Added By</Table.Th>
                <Table.Th>Emailed To</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <EmptyTableRow colSpan={4} message={noRefreshStrategiesText} />
              ) : (
                rows.map(({ strategy, recipient, key }) => (
                  <Table.Tr key={key}>
                    <Table.Td>{strategy.date}</Table.Td>
                    <Table.Td>{strategy.user?.name ?? ''}</Table.Td>
                    <Table.Td>{recipient}</Table.Td>
                    <Table.Td>
                      <Button
                        component={Link}
                        to={`/companies/${companyId}/refresh-strategy/edit/${strategy.id}`}
                        size="xs"
                        variant="subtle"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={`Edit the refresh strategy of ${strategy.date}`}
                      >
                        Edit
                      </Button>
                      <Button
                        component={Link}
                        to={`/pdf/refresh_strategy/${strategy.id}`}
                        size="xs"
                        variant="subtle"
                        leftSection={<IconFileTypePdf size={14} aria-hidden />}
                        aria-label={`The PDF of the refresh strategy of ${strategy.date}`}
                      >
                        PDF
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}

function DeviceTable({
  label,
  devices,
  withType = false,
}: {
  label: string;
  devices: RefreshDevice[];
  withType?: boolean;
}) {
  const year = currentUtcYear();
  const columns = [
    ...(withType ? ['Type'] : []),
    'Site',
    'Asset Tag',
    'Name',
    'Purchase Date',
    'Warranty Date',
    'Refresh Date',
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label={label} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  No devices.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            devices.map((device) => {
              const colour = withType ? refreshAgeColor(device.type as DeviceType, device.purchase_date, year) : null;
              return (
                <Table.Tr
                  key={device.id}
                  data-age={withType ? (colour ?? 'unknown') : undefined}
                  style={colour ? { backgroundColor: rowColours[colour] } : undefined}
                >
                  {withType ? <Table.Td>{device.type}</Table.Td> : null}
                  <Table.Td>{device.site}</Table.Td>
                  <Table.Td>{device.asset_tag ?? ''}</Table.Td>
                  <Table.Td>{device.name}</Table.Td>
                  <Table.Td>{device.purchase_date ?? ''}</Table.Td>
                  <Table.Td>{device.warranty_date ?? ''}</Table.Td>
                  <Table.Td>{device.refresh_year ?? ''}</Table.Td>
                </Table.Tr>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** emails: the chosen users' ids; addresses: e-mail addresses typed in (spec 2 §3: users or email entries). */
type FormValues = { date: string; emails: string[]; addresses: string[]; overview: string } & Record<
  RefreshPriorityField,
  string
>;

function RefreshStrategyForm({
  companyId,
  data,
  strategy,
}: {
  companyId: number;
  data: RefreshStrategiesResponse;
  strategy: RefreshStrategy | null;
}) {
  const navigate = useNavigate();
  const save = useSaveRefreshStrategy(companyId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [values, setValues] = useState<FormValues>(() => ({
    date: strategy?.date ?? todayIso(),
    emails: (strategy?.emails ?? []).flatMap((entry) => (entry.user_id === null ? [] : [String(entry.user_id)])),
    addresses: (strategy?.emails ?? []).flatMap((entry) => (entry.user_id === null ? [entry.email] : [])),
    overview: strategy?.overview ?? '',
    ...(Object.fromEntries(refreshGroups.map((entry) => [entry.priority, strategy?.[entry.priority] ?? ''])) as Record<
      RefreshPriorityField,
      string
    >),
  }));
  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const home = `/companies/${companyId}/refresh-strategy`;
  const all = useMemo(() => refreshGroups.flatMap((entry) => data.devices[entry.group]), [data.devices]);
  const years = replacementYears(currentUtcYear());
  const userOptions = data.users.map((user) => ({ value: String(user.id), label: recipientLabel(user) }));

  const submit = () => {
    const { addresses, ...fields } = values;
    const parsed = refreshStrategyInputSchema.safeParse({
      ...fields,
      id: strategy?.id,
      company_id: companyId,
      emails: [...values.emails.map(Number), ...addresses],
    });
    if (!parsed.success) {
      // A typed address's error (emails.N past the chosen users) shows under the addresses.
      const fieldOf = (path: PropertyKey[]) =>
        path[0] === 'emails' && typeof path[1] === 'number' && path[1] >= values.emails.length
          ? 'addresses'
          : String(path[0]);
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [fieldOf(issue.path), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        void navigate(home);
      },
      onError: (error) => {
        setErrors(getFormErrors(error).fields);
        notifications.show({ color: 'red', message: refreshStrategySaveFailedMessage });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {strategy ? 'Edit Refresh Strategy' : 'New Refresh Strategy'}
      </Title>
      <TextInput
        type="date"
        label="Date"
        required
        maw={220}
        value={values.date}
        onChange={(event) => set('date', event.currentTarget.value)}
        error={errors.date}
      />
      <section aria-labelledby="replacement-plan">
        <Title order={3} size="h4" id="replacement-plan" mb="xs">
          Suggested Annual Replacement Plan
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {refreshGroups.map((entry) => {
            const count = data.devices[entry.group].length;
            return (
              <Paper key={entry.group} withBorder p="sm" role="group" aria-label={entry.label}>
                <Text fw={600}>{entry.label}</Text>
                <Text size="sm">Total: {count}</Text>
                <Text size="sm">{annualReplacementPlan(count, refreshLifespanYears(entry.type))}</Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      </section>
      {refreshGroups.map((entry) => (
        <section key={entry.group} aria-label={`${entry.label} devices`}>
          <Title order={3} size="h4" mb="xs">
            {entry.label}
          </Title>
          <DeviceTable label={`${entry.label} devices`} devices={data.devices[entry.group]} />
          <Text size="sm" fw={500} mt="xs">
            {entry.label} Priority
          </Text>
          <RichTextEditor
            label={`${entry.label} priority`}
            value={values[entry.priority]}
            onChange={(html) => set(entry.priority, html)}
          />
        </section>
      ))}
      <section>
        <Title order={3} size="h4" mb="xs">
          Overview
        </Title>
        <RichTextEditor label="Overview" value={values.overview} onChange={(html) => set('overview', html)} />
      </section>
      <MultiSelect
        label="Email To"
        placeholder="Choose who receives the PDF"
        data={userOptions}
        value={values.emails}
        onChange={(emails) => set('emails', emails)}
        searchable
        clearable
        error={errors.emails}
      />
      <TagsInput
        label="Other E-mail Addresses"
        description="Type an address and press Enter."
        placeholder="name@example.com"
        value={values.addresses}
        onChange={(addresses) => set('addresses', addresses)}
        splitChars={[',', ' ', ';']}
        clearable
        error={errors.addresses ?? Object.entries(errors).find(([key]) => key.startsWith('emails.'))?.[1]}
      />
      <section>
        <Title order={3} size="h4" mb="xs">
          All Devices
        </Title>
        <DeviceTable label="All Devices" devices={all} withType />
      </section>
      {years.map((year, index) => {
        // The first table is now: everything due this year or overdue; the others the year's devices.
        const due = all.filter((device) =>
          index === 0 ? device.refresh_year !== null && device.refresh_year <= year : device.refresh_year === year,
        );
        return (
          <section key={year}>
            <Title order={3} size="h4" mb="xs">
              {index === 0 ? `Now (${year})` : year}
            </Title>
            <DeviceTable label={`Replacements ${year}`} devices={due} withType />
          </section>
        );
      })}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {strategy ? 'Update' : 'Create'}
        </Button>
        <Button variant="default" component={Link} to={home}>
          Go Back
        </Button>
      </Group>
    </Stack>
  );
}

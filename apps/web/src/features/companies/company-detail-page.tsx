import {
  Alert,
  Avatar,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { companyTabs, contractCounterLabel, type CompanyDetail } from '@switchboard/shared';
import { IconAlertCircle, IconBuilding, IconDevices } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { useCompanyDetail } from './api/company-detail.ts';
import { useLiveCompanies } from './api/companies.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import type { CompanyTabProps } from './tabs/tab-props.ts';
import { TabUnavailable } from './tabs/tab-unavailable.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import classes from './company-detail-page.module.css';

// The open tab stays in sight in a tab bar scrolled sideways.
const scrollIntoView = (tab: HTMLButtonElement | null) => tab?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

// Each tab is its own chunk, loaded when opened.
const tabComponents: Record<string, ComponentType<CompanyTabProps>> = {
  basicinformation: lazy(() =>
    import('./tabs/basic-information-tab.tsx').then((m) => ({ default: m.BasicInformationTab })),
  ),
  sites: lazy(() => import('./tabs/sites-tab.tsx').then((m) => ({ default: m.SitesTab }))),
  'site-information': lazy(() =>
    import('./tabs/site-information-tab.tsx').then((m) => ({ default: m.SiteInformationTab })),
  ),
  accounts: lazy(() => import('./tabs/accounts-tab.tsx').then((m) => ({ default: m.AccountsTab }))),
  tickets: lazy(() => import('./tabs/tickets-tab.tsx').then((m) => ({ default: m.TicketsTab }))),
  contracts: lazy(() => import('./tabs/contracts-tab.tsx').then((m) => ({ default: m.ContractsTab }))),
  flags: lazy(() => import('./tabs/flags-tab.tsx').then((m) => ({ default: m.FlagsTab }))),
  usage: lazy(() => import('./tabs/usage-tab.tsx').then((m) => ({ default: m.UsageTab }))),
  'network-grade': lazy(() => import('./tabs/network-grade-tab.tsx').then((m) => ({ default: m.NetworkGradeTab }))),
  // Strategies live in their own feature (decision 0050); the page only names where their tabs come from.
  'refresh-strategy': lazy(() =>
    import('../strategies/refresh-strategy-tab.tsx').then((m) => ({ default: m.RefreshStrategyTab })),
  ),
  'backup-strategy': lazy(() =>
    import('../strategies/backup-strategy-tab.tsx').then((m) => ({ default: m.BackupStrategyTab })),
  ),
};

/** Spec 2 §2 Company detail: /companies/{companyId}/{view?}/{method?}/{method_id?} (route name EditCompany). */
export function CompanyDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const companyId = Number(params.companyId);
  const view = params.view ?? 'basicinformation';
  const method = params.method ?? 'index';
  const company = useCompanyDetail(companyId);
  useLiveCompanies(useCurrentUser()?.type === 'Employee');
  const dark = useComputedColorScheme('light') === 'dark';

  const tab = companyTabs.find((entry) => entry.view === view);
  if (!tab) return <NotFoundPage />;
  if (company.isError && isApiError(company.error) && company.error.status === 404) return <NotFoundPage />;

  if (company.isPending) {
    return <PageLoader label="Loading company" />;
  }
  if (company.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        role="alert"
        title="The company could not be loaded."
      >
        <Button size="xs" variant="default" mt="xs" onClick={() => void company.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const data = company.data;
  const TabComponent = tabComponents[view];
  return (
    <Stack gap="md">
      <CompanyHeader company={data} />
      <Tabs
        value={view}
        onChange={(next) => next && void navigate(`/companies/${companyId}/${next}`)}
        variant={dark ? 'pills' : 'outline'}
        keepMounted={false}
      >
        {/* One line of tabs that scrolls sideways when the page is narrow (issue 15 part 6). */}
        <Tabs.List className={classes.tabs} bg={dark ? 'dark.6' : undefined} p={dark ? 4 : 0}>
          {companyTabs.map((entry) => (
            <Tabs.Tab key={entry.view} value={entry.view} ref={entry.view === view ? scrollIntoView : undefined}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={view} pt="md">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader size="sm" aria-label={`Loading ${tab.label}`} />
              </Center>
            }
          >
            {TabComponent ? (
              <TabComponent companyId={companyId} companyName={data.name} method={method} methodId={params.method_id} />
            ) : (
              <TabUnavailable label={tab.label} />
            )}
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function CompanyHeader({ company }: { company: CompanyDetail }) {
  const contract = contractCounterLabel(company);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={company.logo_url}
            size={64}
            radius="md"
            alt={company.logo_url ? `${company.name} logo` : undefined}
          >
            <IconBuilding size={32} aria-hidden />
          </Avatar>
          <div>
            <Group gap="xs">
              <Title order={1} size="h2">
                {company.name}
              </Title>
              {company.active === 1 ? <Badge color="gray">Inactive</Badge> : null}
            </Group>
            <Text c="dimmed">{company.industry?.name ?? 'No Industry'}</Text>
          </div>
        </Group>
        <Button
          component={Link}
          to={`/companies/${company.id}/devices`}
          variant="default"
          leftSection={<IconDevices size={16} aria-hidden />}
        >
          Devices
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md" aria-label="Company counters">
        <Counter label="Locations" value={String(company.sites_count)} />
        <Counter label="Accounts" value={String(company.accounts_count)} />
        <Counter
          label="Open Tickets"
          value={String(company.open_tickets_count)}
          to={`/companies/${company.id}/tickets`}
        />
        <Counter label="Contract" value={contract} color={contract === 'Expired' ? 'red' : undefined} />
      </SimpleGrid>
    </Paper>
  );
}

/** A counter; with `to` the whole counter is a link (Open Tickets opens the Tickets tab). */
function Counter({ label, value, color, to }: { label: string; value: string; color?: string; to?: string }) {
  const content = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={color}>
        {value}
      </Text>
    </>
  );
  if (to) {
    return (
      <Paper
        withBorder
        p="sm"
        radius="sm"
        component={Link}
        to={to}
        aria-label={`${label}: ${value}`}
        className={classes.counterLink}
      >
        {content}
      </Paper>
    );
  }
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={label}>
      {content}
    </Paper>
  );
}

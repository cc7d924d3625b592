import { Anchor, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { NavIcon } from '../../components/nav-icon.tsx';
import { useFormsToSign } from '../hr-forms/api/forms.ts';
import { useHrRequestList } from '../hr-requests/api/requests.ts';

// The dashboard's HR tile for employees (designs/hr.md §8: people without the HR button reach HR from the dashboard):
// their pending requests, the approvals waiting for them and the forms they still have to sign, each a link to the
// page that lists them. The counts are the pages' own totals, so a click shows exactly what was counted.

function Count({ label, value, to, testId }: { label: string; value: number | null; to: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
      {value === null ? (
        <Loader size="xs" aria-label={`Loading ${label}`} />
      ) : (
        <Text fw={700} c={value > 0 ? undefined : 'dimmed'} data-testid={testId}>
          {value}
        </Text>
      )}
    </Group>
  );
}

export function HrTile() {
  const mine = useHrRequestList({ scope: 'mine', status: 'pending', per_page: 1 });
  const approvals = useHrRequestList({ scope: 'approvals', status: 'pending', per_page: 1 });
  const forms = useFormsToSign();
  const toSign = forms.data?.total ?? null;
  const failed = mine.isError || approvals.isError || forms.isError;
  return (
    <Card withBorder padding="md" radius="md" h="100%" aria-label="HR" component="section">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={38} radius="md" variant="light">
            <NavIcon name="hr" size={20} />
          </ThemeIcon>
          <Text fw={600}>HR</Text>
        </Group>
        {failed ? <Text c="red">An error occured.</Text> : null}
        <Count
          label="My pending requests"
          value={mine.data?.total ?? null}
          to="/hr/requests?status=pending"
          testId="hr-tile-mine"
        />
        <Count
          label="Approvals waiting for me"
          value={approvals.data?.total ?? null}
          to="/hr/requests?scope=approvals&status=pending"
          testId="hr-tile-approvals"
        />
        <Count label="Forms to sign" value={toSign} to="/hr/forms" testId="hr-tile-forms" />
      </Stack>
    </Card>
  );
}

import { Anchor, Paper, SimpleGrid, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser, usePermissions } from '../../../lib/auth-store.ts';
import { buildSidebar } from '../../../lib/navigation.ts';

// Every report of the billing sidebar, where the sidebar sends it (decision 0072: a built report goes to its page),
// so /billing and the sidebar never disagree.
export function ReportLinks() {
  const permissions = usePermissions();
  const userType = useCurrentUser()?.type ?? 'Employee';
  const reports = buildSidebar('billing', permissions, userType).find((group) => group.id === 'billing-reports');
  if (!reports) return null;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        Reports
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing={4} component="nav" aria-label="Billing reports">
        {reports.items.map((item) => (
          <Anchor key={item.id} component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

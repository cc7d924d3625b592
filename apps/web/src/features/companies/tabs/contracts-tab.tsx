import { ActionIcon, Alert, Badge, Button, Card, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatMaxRollover } from '@switchboard/shared';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { usePermissions } from '../../../lib/auth-store.ts';
import { useCompanyDetail } from '../api/company-detail.ts';
import { useContracts } from '../api/contracts.ts';
import { ContractForm } from '../contracts/contract-form.tsx';
import type { CompanyTabProps } from './tab-props.ts';

const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The server's rule (decision 0020): contracts decide what is invoiced, so changing one needs 'view billing'. */
export const contractChangeNeedsBillingMessage = "Adding or changing a contract needs the 'view billing' permission.";

const useMayChangeContracts = () => usePermissions().includes('view billing');

/** Spec 2 §2 Contracts: the list (method index), the create form (new) and the edit form (edit/{id}). */
export function ContractsTab({ companyId, companyName, method, methodId }: CompanyTabProps) {
  const mayChange = useMayChangeContracts();
  if ((method === 'new' || method === 'edit') && !mayChange) {
    return (
      <Alert color="yellow" variant="light" role="alert" title="Contracts are read-only for you">
        <Text size="sm">{contractChangeNeedsBillingMessage}</Text>
        <Button component={Link} to={`/companies/${companyId}/contracts`} variant="default" size="xs" mt="sm">
          Back to contracts
        </Button>
      </Alert>
    );
  }
  if (method === 'new') return <ContractForm companyId={companyId} companyName={companyName} contractId={null} />;
  if (method === 'edit' && methodId && /^\d+$/.test(methodId))
    return <ContractForm companyId={companyId} companyName={companyName} contractId={Number(methodId)} />;
  return <ContractList companyId={companyId} />;
}

function ContractList({ companyId }: { companyId: number }) {
  const contracts = useContracts(companyId);
  const activeId = useCompanyDetail(companyId).data?.active_contract?.id;
  const rows = contracts.data ?? [];
  const mayChange = useMayChangeContracts();
  return (
    <Card withBorder padding={0}>
      <Group justify="flex-end" p="sm">
        {mayChange ? (
          <Button
            component={Link}
            to={`/companies/${companyId}/contracts/new`}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Add Contract
          </Button>
        ) : (
          <>
            <Text size="sm" c="dimmed" id="contract-change-reason">
              {contractChangeNeedsBillingMessage}
            </Text>
            <Button disabled aria-describedby="contract-change-reason" leftSection={<IconPlus size={16} aria-hidden />}>
              Add Contract
            </Button>
          </>
        )}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm" aria-label="Contracts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Start Date</Table.Th>
              <Table.Th>End Date</Table.Th>
              <Table.Th>Retainer (hours)</Table.Th>
              <Table.Th>Devices</Table.Th>
              <Table.Th>Contract Type</Table.Th>
              <Table.Th>Retainer Rate</Table.Th>
              <Table.Th>Overage Rate</Table.Th>
              <Table.Th>Late Fee</Table.Th>
              <Table.Th>Max Rollover</Table.Th>
              <Table.Th aria-label="Action" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contracts.isPending ? <EmptyTableRow colSpan={10} message="Loading contracts…" /> : null}
            {contracts.isError ? <EmptyTableRow colSpan={10} message="The contracts could not be loaded." /> : null}
            {contracts.isSuccess && rows.length === 0 ? (
              <EmptyTableRow colSpan={10} message="No Contracts Found" />
            ) : null}
            {rows.map((contract) => (
              <Table.Tr key={contract.id} data-contract-id={contract.id}>
                <Table.Td>{contract.start_date}</Table.Td>
                <Table.Td>{contract.end_date}</Table.Td>
                <Table.Td>{contract.retainer_hours}</Table.Td>
                <Table.Td>{contract.device_count}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {contract.retainer_item.name}
                    {contract.id === activeId ? <Badge color="green">Active</Badge> : null}
                  </Group>
                </Table.Td>
                <Table.Td>{money(contract.retainer_price)} / device</Table.Td>
                <Table.Td>{money(contract.overage_price)} / hour</Table.Td>
                <Table.Td>{contract.late_fee_percent}%</Table.Td>
                <Table.Td>{formatMaxRollover(contract.max_rollover)}</Table.Td>
                <Table.Td>
                  {mayChange ? (
                    <Tooltip label="Edit contract">
                      <ActionIcon
                        component={Link}
                        to={`/companies/${companyId}/contracts/edit/${contract.id}`}
                        variant="subtle"
                        aria-label={`Edit contract starting ${contract.start_date}`}
                      >
                        <IconEdit size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

import { Badge, Button, Card, Group, Table } from '@mantine/core';
import { IconEye, IconPencil, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { useGrades } from '../api/network-grades.ts';
import { letterColor } from '../grades/letter-color.ts';
import type { CompanyTabProps } from './tab-props.ts';

/** Spec 2 §2 Network grades: the company's grades with site, date and letter; new, view and edit. */
export function NetworkGradeTab({ companyId }: CompanyTabProps) {
  const grades = useGrades(companyId);
  const rows = grades.data ?? [];
  return (
    <Card withBorder padding={0}>
      <Group justify="space-between" p="sm">
        <Button component={Link} to="/companies/networkgrade/form" variant="default">
          Manage Form
        </Button>
        <Button
          component={Link}
          to={`/companies/${companyId}/grades/new`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New Grade
        </Button>
      </Group>
      <Table striped verticalSpacing="sm" aria-label="Network Grades">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th aria-label="Action" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grades.isSuccess && rows.length === 0 ? <EmptyTableRow colSpan={4} message="No Grades Found" /> : null}
          {rows.map((grade) => (
            <Table.Tr key={grade.grade_id} data-grade-id={grade.grade_id}>
              <Table.Td>{grade.site}</Table.Td>
              <Table.Td>{new Date(grade.created_at).toLocaleDateString('en-US')}</Table.Td>
              <Table.Td>
                <Badge size="lg" color={letterColor(grade.letter)} aria-label={`Grade ${grade.letter}`}>
                  {grade.letter}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end">
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/companies/${companyId}/grades/view/${grade.grade_id}`}
                    leftSection={<IconEye size={14} aria-hidden />}
                  >
                    View
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    component={Link}
                    to={`/companies/${companyId}/grades/manage/${grade.grade_id}`}
                    leftSection={<IconPencil size={14} aria-hidden />}
                  >
                    Edit
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

import { Table } from '@mantine/core';
import { EmptyState } from './empty-state.tsx';

/** Spec 1 §2.4: the row a table shows when it has no rows, spanning every column. */
export function EmptyTableRow({
  colSpan,
  message,
  description,
}: {
  colSpan: number;
  message: string;
  description?: string;
}) {
  return (
    <Table.Tr data-empty-row="">
      <Table.Td colSpan={colSpan}>
        <EmptyState title={message} description={description} size={64} />
      </Table.Td>
    </Table.Tr>
  );
}

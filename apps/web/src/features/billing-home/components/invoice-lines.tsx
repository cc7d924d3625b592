import { Alert, Loader, Table, Text } from '@mantine/core';
import { useInvoiceDetail } from '../api/billing-home.ts';
import { usd } from '../format.ts';

/** '$125.00', '$0.1234': unit prices keep up to four decimals. */
const unitPrice = (dollars: number): string =>
  `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

// A draft's lines inside the review panel, with each computed line's "how was this computed" sentence.
export function InvoiceLines({ invoiceId }: { invoiceId: number }) {
  const detail = useInvoiceDetail(invoiceId, true);
  if (detail.isPending) return <Loader size="xs" />;
  if (detail.isError) return <Alert color="red">The invoice could not be loaded.</Alert>;
  const invoice = detail.data.data;
  return (
    <Table withTableBorder fz="xs" aria-label={`Lines of ${invoice.label}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Description</Table.Th>
          <Table.Th ta="right">Quantity</Table.Th>
          <Table.Th ta="right">Unit price</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>
              {line.description}
              {line.explain?.summary && (
                <Text size="xs" c="dimmed">
                  {line.explain.summary}
                </Text>
              )}
            </Table.Td>
            <Table.Td ta="right">{line.quantity}</Table.Td>
            <Table.Td ta="right">{unitPrice(line.unit_price)}</Table.Td>
            <Table.Td ta="right">{usd(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={3} ta="right">
            Tax
          </Table.Td>
          <Table.Td ta="right">{usd(invoice.tax_total)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td colSpan={3} ta="right" fw={700}>
            Total
          </Table.Td>
          <Table.Td ta="right" fw={700}>
            {usd(invoice.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

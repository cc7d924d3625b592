import { Table, Text } from '@mantine/core';

/**
 * A table cell of one line: text longer than its column ends in an ellipsis and shows in full on hover (its title),
 * so a fixed-layout table keeps its columns (issue 15 part 7).
 */
export function EllipsisCell({ text }: { text: string | number | null | undefined }) {
  const value = text === null || text === undefined ? '' : String(text);
  return (
    <Table.Td>
      <EllipsisText text={value} />
    </Table.Td>
  );
}

/** The one-line text of an EllipsisCell, for cells that put something beside it (an avatar). */
export function EllipsisText({ text }: { text: string }) {
  return (
    <Text size="sm" truncate="end" miw={0} title={text || undefined}>
      {text}
    </Text>
  );
}

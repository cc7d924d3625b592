import { Title } from '@mantine/core';

// Being built this session (issue 27): the helper that owns this feature replaces this file.
export function ItemsPage() {
  return <Title order={2}>Items</Title>;
}

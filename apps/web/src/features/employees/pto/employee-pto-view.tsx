import { Text } from '@mantine/core';

export interface EmployeePtoViewProps {
  employeeId: number;
}

// Replaced by the PTO view (settings and periods) when it is built.
export function EmployeePtoView(_props: EmployeePtoViewProps) {
  return <Text c="dimmed" py="xl" ta="center">PTO is not available yet.</Text>;
}

import { Text } from '@mantine/core';

export interface EmployeeHolidaysViewProps {
  employeeId: number;
}

// Replaced by the Employee Holidays view when it is built.
export function EmployeeHolidaysView(_props: EmployeeHolidaysViewProps) {
  return <Text c="dimmed" py="xl" ta="center">Employee Holidays is not available yet.</Text>;
}

import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Network Grades tab when it is built.
export function NetworkGradeTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Network Grades" />;
}

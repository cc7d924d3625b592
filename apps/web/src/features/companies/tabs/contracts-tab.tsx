import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Contracts tab when it is built.
export function ContractsTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Contracts" />;
}

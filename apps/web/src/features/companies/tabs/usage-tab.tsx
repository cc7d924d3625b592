import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Usage tab when it is built.
export function UsageTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Usage" />;
}

import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Sites tab when it is built.
export function SitesTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Sites" />;
}

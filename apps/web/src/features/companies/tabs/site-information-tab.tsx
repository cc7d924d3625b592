import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Site Information tab when it is built.
export function SiteInformationTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Site Information" />;
}

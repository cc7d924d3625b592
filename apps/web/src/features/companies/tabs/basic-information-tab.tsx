import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Basic Information tab when it is built.
export function BasicInformationTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Basic Information" />;
}

import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Accounts tab when it is built.
export function AccountsTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Accounts" />;
}

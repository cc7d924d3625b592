import type { CompanyTabProps } from './tab-props.ts';
import { TabUnavailable } from './tab-unavailable.tsx';

// Replaced by the Ticket Flags tab when it is built.
export function FlagsTab(_props: CompanyTabProps) {
  return <TabUnavailable label="Ticket Flags" />;
}

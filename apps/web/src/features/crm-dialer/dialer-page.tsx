import { AreaUnavailablePage } from '../../components/area-unavailable-page.tsx';

// Placeholder while this session's helper builds the page (designs/crm-softphone.md §4).
export function DialerPage() {
  return <AreaUnavailablePage />;
}

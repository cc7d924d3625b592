import { AreaUnavailablePage } from '../../components/area-unavailable-page.tsx';

// Pre-wired by the lead so the router names this file; the helper building the page replaces this body.
export function JobsPage() {
  return <AreaUnavailablePage />;
}

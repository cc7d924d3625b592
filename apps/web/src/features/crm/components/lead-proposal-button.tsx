import { Button } from '@mantine/core';
import { Link } from 'react-router';

/** The lead drawer's 'New proposal': the proposals page (a feature above crm) opened by URL with the lead chosen. */
export function LeadProposalButton({ leadId }: { leadId: number }) {
  return (
    <Button variant="default" component={Link} to={`/crm/proposals?new=1&lead=${leadId}`}>
      New proposal
    </Button>
  );
}

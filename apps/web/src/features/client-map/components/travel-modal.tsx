import { Alert, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { formatMinutes, travelMethodLabels, type MapSite } from '@switchboard/shared';
import { useTravelEstimate } from '../api/client-map.ts';

// 'Estimate Travel Time' (spec 2 §2, §9): driving, imperial units, between the two chosen markers. The straight-line
// fallback says so plainly.

export function TravelModal({ from, to, onClose }: { from: MapSite; to: MapSite; onClose: () => void }) {
  const estimate = useTravelEstimate([from.id, to.id]);
  const place = (site: MapSite) => `${site.name} (${site.company_name})`;
  return (
    <Modal opened onClose={onClose} title="Estimate Travel Time">
      <Stack>
        <Table aria-label="Travel estimate">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>From</Table.Th>
              <Table.Td>{place(from)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>To</Table.Th>
              <Table.Td>{place(to)}</Table.Td>
            </Table.Tr>
            {estimate.data && (
              <>
                <Table.Tr>
                  <Table.Th>Distance</Table.Th>
                  <Table.Td>{estimate.data.distance_miles} mi</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Duration</Table.Th>
                  <Table.Td>{formatMinutes(estimate.data.duration_minutes)}</Table.Td>
                </Table.Tr>
              </>
            )}
          </Table.Tbody>
        </Table>
        {estimate.isPending && <Loader size="sm" />}
        {estimate.isError && <Alert color="red">The travel time could not be estimated.</Alert>}
        {estimate.data && (
          <Text size="sm" c={estimate.data.method === 'driving' ? undefined : 'orange'}>
            {travelMethodLabels[estimate.data.method]}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, MultiSelect, Stack } from '@mantine/core';
import { useState } from 'react';

// 'Filter by Company' (spec 2 §2 Client Map): choose companies, then Update Map; Show All clears the filter.

export function CompanyFilterModal({
  opened,
  companies,
  chosen,
  onApply,
  onClose,
}: {
  opened: boolean;
  companies: { id: number; name: string }[];
  chosen: number[];
  onApply: (ids: number[]) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<string[]>(() => chosen.map(String));
  return (
    <Modal opened={opened} onClose={onClose} title="Filter by Company">
      <Stack>
        <MultiSelect
          label="Companies"
          placeholder="Choose companies"
          data={companies.map((company) => ({ value: String(company.id), label: company.name }))}
          value={draft}
          onChange={setDraft}
          searchable
          clearable
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onApply([])}>
            Show All
          </Button>
          <Button onClick={() => onApply(draft.map(Number))}>Update Map</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

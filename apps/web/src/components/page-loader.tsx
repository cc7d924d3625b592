import { Center, Loader } from '@mantine/core';

/** The spinner a page or section shows while its data loads; `label` names what is loading. */
export function PageLoader({ label, py = 80 }: { label: string; py?: number | string }) {
  return (
    <Center py={py}>
      <Loader aria-label={label} />
    </Center>
  );
}

import { EmptyState as MantineEmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmptyStateIllustration } from './empty-state-illustration.tsx';

/** An honest "nothing here" with the shared illustration, a title, an optional description and actions. */
export function EmptyState({
  title,
  description,
  children,
  size = 96,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: number;
}) {
  return (
    <MantineEmptyState py="lg" title={title} description={description} icon={<EmptyStateIllustration size={size} />}>
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}

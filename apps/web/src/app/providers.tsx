// Mantine's base styles; each component's own come with its code (mantine-styles.ts, decision 0042).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { DeferredModals } from './deferred-modals.tsx';
import { DeferredToasts } from './deferred-toasts.tsx';
import { theme } from './theme.ts';

/**
 * Mantine, the query client, modals and toasts (each loaded with the first one: deferred-modals.tsx, toasts.tsx). The colour scheme follows
 * the user's dark_mode setting once settings exist.
 */
export function Providers({
  children,
  queryClient = appQueryClient,
  env = 'default',
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns Mantine's transitions and portals off (unit tests). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <DeferredModals />
        <DeferredToasts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

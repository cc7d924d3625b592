import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';

/** Spec 1 §9: toasts last 3000 ms. The colour scheme follows the user's dark_mode setting once settings exist. */
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
        <ModalsProvider>
          <Notifications position="top-right" autoClose={3000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

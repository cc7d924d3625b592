import { Alert, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { useHrBase } from '../hr/api/hr-base.ts';
import { CheckReport } from './components/check-report.tsx';
import { ReaderTriage } from './components/reader-triage.tsx';
import { ReportForm } from './components/report-form.tsx';

// /hr/anonemail (designs/hr.md §4; decision 0105): every employee may report anonymously and check a report with its
// code; holders of 'read anonymous email' also triage the reports. The readers come with the HR base data, so
// opening the page makes no call of its own about the reporter.

type View = 'report' | 'check' | 'reports';

export function AnonEmailPage() {
  const isReader = usePermissions().includes('read anonymous email');
  const base = useHrBase();
  const [view, setView] = useState<View>(isReader ? 'reports' : 'report');

  return (
    <Stack gap="md">
      <Title order={2}>Anonymous Email</Title>
      <Tabs value={view} onChange={(value) => value && setView(value as View)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="report">Send a report</Tabs.Tab>
          <Tabs.Tab value="check">Check a report</Tabs.Tab>
          {isReader ? <Tabs.Tab value="reports">Reports</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="report" pt="md">
          {base.isPending ? <Loader /> : null}
          {base.isError ? <Alert color="red">An error occured.</Alert> : null}
          {base.data ? <ReportForm readers={base.data.anon_readers} /> : null}
        </Tabs.Panel>
        <Tabs.Panel value="check" pt="md">
          <CheckReport />
        </Tabs.Panel>
        {isReader ? (
          <Tabs.Panel value="reports" pt="md">
            <ReaderTriage />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

import { Alert, Anchor, Group, Loader, Paper, ScrollArea, Text } from '@mantine/core';
import type { HrFormVersion } from '@switchboard/shared/hr/forms';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';

// A form whose body is an uploaded PDF: its pages drawn inline by the app's pdf.js canvas, with a link to the viewer.

// pdf.js loads only when a form has a PDF to draw.
const PdfCanvas = lazy(() => import('../../pdf-viewer/pdf-canvas.tsx').then((m) => ({ default: m.PdfCanvas })));

/** GET /api/hr/forms/versions/{id}/file: the PDF frozen with a published version (assignees and HR). */
const versionFilePath = (versionId: number) => `/api/hr/forms/versions/${versionId}/file`;

export function FormPdf({ version }: { version: HrFormVersion }) {
  const [pages, setPages] = useState(0);
  const file = useQuery({
    queryKey: ['hr', 'forms', 'version-file', version.id] as const,
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(versionFilePath(version.id), { responseType: 'blob', signal });
      return new Uint8Array(await blob.arrayBuffer());
    },
    // A published version's file never changes.
    staleTime: Infinity,
    retry: false,
  });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Policy document">
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {version.file?.name}
          {pages > 0 ? ` (${pages} ${pages === 1 ? 'page' : 'pages'})` : ''}
        </Text>
        <Anchor component={Link} to={`/pdf/hr_form_version/${version.id}`} size="sm">
          Open in the PDF viewer
        </Anchor>
      </Group>
      {file.isPending && <Loader size="sm" />}
      {file.isError && <Alert color="red">An error occured.</Alert>}
      {file.data && (
        <ScrollArea.Autosize mah={640}>
          <Suspense fallback={<Loader size="sm" />}>
            <PdfCanvas data={file.data} scale={1} onPages={setPages} />
          </Suspense>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

import { Alert, Anchor, Group, Loader, Paper, ScrollArea, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client.ts';

// A form whose body is an uploaded PDF: its pages drawn inline by the app's pdf.js canvas, with a link to the viewer.

// pdf.js loads only when a form has a PDF to draw.
const PdfCanvas = lazy(() => import('../../pdf-viewer/pdf-canvas.tsx').then((m) => ({ default: m.PdfCanvas })));

/** GET /api/hr/forms/files/{id}: a stored form file, readable by the form's assignees and HR. */
const formFilePath = (fileId: number) => `/api/hr/forms/files/${fileId}`;

/** `versionId` links the published version's printable PDF in the app's viewer; a draft has none. */
export function FormPdf({ file: stored, versionId }: { file: { id: number; name: string }; versionId?: number }) {
  const [pages, setPages] = useState(0);
  const fileId = stored.id;
  const file = useQuery({
    queryKey: ['hr', 'forms', 'file', fileId] as const,
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(formFilePath(fileId), { responseType: 'blob', signal });
      return new Uint8Array(await blob.arrayBuffer());
    },
    // A stored file never changes.
    staleTime: Infinity,
    retry: false,
  });
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Policy document">
      <Group justify="space-between" mb="xs">
        <Text size="sm" c="dimmed">
          {stored.name}
          {pages > 0 ? ` (${pages} ${pages === 1 ? 'page' : 'pages'})` : ''}
        </Text>
        {versionId !== undefined && (
          <Anchor component={Link} to={`/pdf/hr_form_version/${versionId}`} size="sm">
            Open in the PDF viewer
          </Anchor>
        )}
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

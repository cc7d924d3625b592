import { ActionIcon, Button, Group, Modal, ScrollArea, Select, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { documentTitle, downloadFailedMessage, revisionLabel } from '@switchboard/shared';
import { IconDownload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { pdfViewerCloseTarget, previousRoute } from '../../lib/route-history.ts';
import { downloadPdf, useDocumentRevisions, usePdfFile } from './api.ts';
import { PdfCanvas, pdfLoadFailedMessage } from './pdf-canvas.tsx';

const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** Said instead of the document when the server refuses the reader (403; decision 0073). */
export const documentForbiddenMessage = 'You do not have permission to view this document.';
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * Spec 1 §2.6 and spec 3 §2 PDF viewer (/pdf/{type}/{id}/{revision?}, route PDFViewer): a full-screen modal titled
 * with the type and id (an invoice with its label), a revision selector when there is more than one (00 the
 * original), download, zoom; closing goes back, or to /dashboard. The server decides who may read what.
 */
export function PdfViewerPage() {
  const params = useParams();
  const type = params.type ?? '';
  const id = Number(params.id);
  const routeRevision = params.revision_id === undefined ? null : Number(params.revision_id);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [scale, setScale] = useState(1.25);
  const [pages, setPages] = useState(0);

  const revisions = useDocumentRevisions(type, id);
  const list = revisions.data?.data ?? [];
  const latest = list.length > 0 ? list[list.length - 1]!.revision : null;
  const shown = routeRevision ?? latest;
  // Refused (403): the viewer says so plainly, fetches nothing more and offers no Download.
  const forbidden = isForbidden(revisions.error);
  const file = usePdfFile(type, id, shown, !revisions.isPending && !forbidden);
  const title = type === 'invoice' && revisions.data ? revisions.data.document.title : documentTitle(type, id);
  const fileName =
    revisions.data && shown !== null
      ? revisions.data.document.file_name.replace(/\.pdf$/, `-${revisionLabel(shown)}.pdf`)
      : `${title.replace(/\s+/g, '-')}.pdf`;

  const close = () => {
    if (pdfViewerCloseTarget(previousRoute()) === '/dashboard') void navigate('/dashboard');
    else void navigate(-1);
  };
  const download = useCallback(
    () =>
      // Saves the revision on screen, not the latest (issue 26 §2.9); spec 1 §8: a failed download says so.
      downloadPdf(type, id, shown, fileName).catch(() =>
        notifications.show({ color: 'red', message: downloadFailedMessage }),
      ),
    [type, id, shown, fileName],
  );
  // The route's download flag downloads on open (spec 3 §1).
  const wantsDownload = search.get('download') === '1' || search.get('download') === 'true';
  useEffect(() => {
    if (wantsDownload && !revisions.isPending && !forbidden) void download();
  }, [wantsDownload, revisions.isPending, forbidden, download]);

  const zoom = (direction: 1 | -1) => {
    const index = zoomSteps.findIndex((step) => step >= scale);
    const next = zoomSteps[Math.min(zoomSteps.length - 1, Math.max(0, (index === -1 ? 2 : index) + direction))]!;
    setScale(next);
  };

  return (
    <Modal
      opened
      onClose={close}
      fullScreen
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={title}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 },
        body: { display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 70px)' },
      }}
    >
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="xs">
          {list.length > 1 ? (
            <Select
              aria-label="Revision"
              w={110}
              allowDeselect={false}
              data={list.map((row) => ({ value: String(row.revision), label: row.label }))}
              value={shown === null ? null : String(shown)}
              onChange={(value) => value !== null && void navigate(`/pdf/${type}/${id}/${value}`, { replace: true })}
            />
          ) : null}
          {pages > 0 ? (
            <Text size="sm" c="dimmed">
              {pages === 1 ? '1 page' : `${pages} pages`}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs">
          <Tooltip label="Zoom out">
            <ActionIcon variant="default" aria-label="Zoom out" onClick={() => zoom(-1)} disabled={scale <= 0.5}>
              <IconZoomOut size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" w={48} ta="center" aria-label="Zoom">
            {Math.round(scale * 100)}%
          </Text>
          <Tooltip label="Zoom in">
            <ActionIcon variant="default" aria-label="Zoom in" onClick={() => zoom(1)} disabled={scale >= 3}>
              <IconZoomIn size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {forbidden ? null : (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download()}
            >
              Download
            </Button>
          )}
        </Group>
      </Group>
      <ScrollArea style={{ flex: 1 }} bg="gray.1" p="md">
        {forbidden || isForbidden(file.error) ? (
          <Text role="alert">{documentForbiddenMessage}</Text>
        ) : file.isError ? (
          <Text c="red" role="alert">
            {pdfLoadFailedMessage}
          </Text>
        ) : file.data ? (
          <PdfCanvas data={file.data} scale={scale} onPages={setPages} />
        ) : null}
      </ScrollArea>
    </Modal>
  );
}

import { Alert, Loader, Stack } from '@mantine/core';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

// pdf.js draws each page into its own canvas (issue 17: no browser plug-in frame, so every browser and the tests
// see the same thing). The worker is its own file from our origin, as the CSP allows.
GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

export const pdfLoadFailedMessage = 'An error occured.';

/** Pages of the PDF in `data`, drawn at `scale` (1 = 72 dpi, times the screen's pixel ratio for sharpness). */
export function PdfCanvas({
  data,
  scale,
  onPages,
}: {
  data: Uint8Array;
  scale: number;
  onPages?: (n: number) => void;
}) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setPdf(null);
    setFailed(false);
    // pdf.js takes over the buffer it is given: hand it a copy so a re-render can load the same bytes again.
    const task = getDocument({ data: data.slice(), isEvalSupported: false });
    task.promise.then(
      (loaded) => {
        if (cancelled) return;
        setPdf(loaded);
        onPages?.(loaded.numPages);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('PDF load failed', error);
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data, onPages]);

  if (failed)
    return (
      <Alert color="red" role="alert">
        {pdfLoadFailedMessage}
      </Alert>
    );
  if (!pdf) return <Loader aria-label="Loading document" m="xl" />;
  return (
    <Stack gap="md" align="center">
      {Array.from({ length: pdf.numPages }, (_, index) => (
        <PdfPageCanvas key={index} pdf={pdf} pageNumber={index + 1} scale={scale} />
      ))}
    </Stack>
  );
}

function PdfPageCanvas({ pdf, pageNumber, scale }: { pdf: PDFDocumentProxy; pageNumber: number; scale: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let render: { cancel(): void; promise: Promise<void> } | null = null;
    void pdf.getPage(pageNumber).then((page) => {
      const target = canvas.current;
      if (cancelled || !target) return;
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: scale * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      target.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = page.render({ canvas: target, viewport });
      render.promise.then(
        () => !cancelled && setDrawn(true),
        () => {}, // cancelled by a newer zoom
      );
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber, scale]);

  return (
    <canvas
      ref={canvas}
      aria-label={`Page ${pageNumber}`}
      data-drawn={drawn ? 'true' : 'false'}
      style={{ boxShadow: '0 1px 4px rgba(0,0,0,0.25)', background: '#fff', maxWidth: 'none' }}
    />
  );
}

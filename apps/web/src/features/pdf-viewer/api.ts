import type { DocumentRevisionsResponse } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** GET /api/revisions/{type}/{id}: the revisions and the document's title (spec: a failure is only logged). */
export function useDocumentRevisions(type: string, id: number) {
  return useQuery({
    queryKey: ['revisions', type, id],
    queryFn: async () => {
      try {
        return await api.get<DocumentRevisionsResponse>(`/api/revisions/${encodeURIComponent(type)}/${id}`);
      } catch (error) {
        console.error('Loading the revisions failed', error);
        throw error;
      }
    },
    retry: false,
  });
}

/** The PDF's bytes: one revision (inline call), or the latest or a draft preview when `revision` is null. */
export function usePdfFile(type: string, id: number, revision: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['pdf', type, id, revision],
    queryFn: async () => {
      const path = `/api/pdf/${encodeURIComponent(type)}/${id}${revision === null ? '' : `/${revision}`}`;
      const blob = await api.get<Blob>(path, { responseType: 'blob' });
      return new Uint8Array(await blob.arrayBuffer());
    },
    enabled,
    retry: false,
    // A revision never changes; the latest may.
    staleTime: revision === null ? 0 : Infinity,
  });
}

/** Saves the revision shown (or, with `revision` null, the latest or the draft preview) under `fileName`. */
export async function downloadPdf(type: string, id: number, revision: number | null, fileName: string): Promise<void> {
  const path = `/api/pdf/${encodeURIComponent(type)}/${id}${revision === null ? '' : `/${revision}`}`;
  const blob = await api.get<Blob>(path, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import type {
  CrmExport,
  CrmImport,
  CrmImportProgressPayload,
  CrmImportsPage,
  ExportInput,
  ImportPreview,
} from '@switchboard/shared/crm-imports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useUserEvent } from '../../../lib/socket.ts';

// Lead imports and exports (designs/crm-softphone.md §4 item 8, §5): the imports list kept live by CrmImportProgress
// on user.{id}, the wizard's preview and upload (multipart), the export request and its row.

export const crmImportsKey = ['crm', 'imports'] as const;
export const crmExportsKey = ['crm', 'exports'] as const;

export function useImports(page: number) {
  return useQuery({
    queryKey: [...crmImportsKey, 'list', page] as const,
    queryFn: ({ signal }) => api.get<CrmImportsPage>('/api/crm/imports', { query: { page }, signal }),
  });
}

/** Applies an import's progress to the cached lists (the row is the API's shape). */
export function useImportProgress(): void {
  const queryClient = useQueryClient();
  useUserEvent<CrmImportProgressPayload>('CrmImportProgress', (payload) => {
    if (typeof payload?.id !== 'number') return;
    let found = false;
    queryClient.setQueriesData<CrmImportsPage>({ queryKey: [...crmImportsKey, 'list'] }, (page) => {
      if (!page) return page;
      if (page.data.some((row) => row.id === payload.id)) found = true;
      return { ...page, data: page.data.map((row) => (row.id === payload.id ? payload : row)) };
    });
    if (!found) void queryClient.invalidateQueries({ queryKey: crmImportsKey });
  });
}

/** The wizard's fields as the multipart body (file first). */
export function importForm(file: Blob, fileName: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.append('file', file, fileName);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (form: FormData) => api.post<{ data: ImportPreview }>('/api/crm/imports/preview', form),
  });
}

export function useCreateImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post<{ message: string; data: CrmImport }>('/api/crm/imports', form),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: crmImportsKey }),
  });
}

export function useCreateExport() {
  return useMutation({
    mutationFn: (input: ExportInput) => api.post<{ message: string; data: CrmExport }>('/api/crm/exports', input),
  });
}

/** One export of the user's, polled while the job works it (FileDownload also brings the file). */
export function useExport(id: number | null) {
  return useQuery({
    queryKey: [...crmExportsKey, id] as const,
    queryFn: ({ signal }) => api.get<{ data: CrmExport }>(`/api/crm/exports/${id}`, { signal }),
    select: (answer) => answer.data,
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === 'queued' || status === 'running' ? 1_000 : false;
    },
  });
}

/** GET /api/crm/exports/{id}/file as a blob (the Download button). */
export const fetchExportFile = (id: number) => api.get<Blob>(`/api/crm/exports/${id}/file`, { responseType: 'blob' });

/** GET /api/crm/imports/{id}/errors as a blob. */
export const fetchImportErrors = (id: number) =>
  api.get<Blob>(`/api/crm/imports/${id}/errors`, { responseType: 'blob' });

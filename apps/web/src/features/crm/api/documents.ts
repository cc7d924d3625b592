import { crmLeadChannel } from '@switchboard/shared';
import type {
  CrmDocumentList,
  CrmDocumentRow,
  CrmDocumentUpdateInput,
  CrmEmailTemplateInput,
  CrmEmailTemplateRow,
  LeadEmail,
  LeadEmailInput,
} from '@switchboard/shared/crm-documents';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// The sales library, the e-mail templates and a lead's e-mails (designs/crm-softphone.md §4.2, §4.6, §4.9, §5).
// A lead's e-mails follow crm_lead_{id}'s LeadEmailSent, so every open drawer shows a sent e-mail at once.

export const crmDocumentsKey = ['crm', 'documents'] as const;
export const crmTemplatesKey = ['crm', 'email-templates'] as const;
export const leadEmailsKey = (leadId: number) => ['crm', 'leads', 'emails', leadId] as const;

export function useCrmDocuments(query: { q?: string; category?: string } = {}) {
  return useQuery({
    queryKey: [...crmDocumentsKey, query] as const,
    queryFn: ({ signal }) =>
      api.get<CrmDocumentList>('/api/crm/documents', {
        query: Object.fromEntries(Object.entries(query).filter(([, value]) => value)),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useDocumentMutation<I, A>(send: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: crmDocumentsKey });
      // A deleted document drops out of the templates that named it.
      await queryClient.invalidateQueries({ queryKey: crmTemplatesKey });
    },
  });
}

export const useUploadCrmDocument = () =>
  useDocumentMutation((input: { name: string; category: string; description: string; file: File }) => {
    const form = new FormData();
    form.append('name', input.name);
    form.append('category', input.category);
    form.append('description', input.description);
    form.append('file', input.file, input.file.name);
    return api.post<{ message: string; data: CrmDocumentRow }>('/api/crm/documents', form);
  });

export const useUpdateCrmDocument = () =>
  useDocumentMutation(({ id, ...input }: CrmDocumentUpdateInput & { id: number }) =>
    api.put<{ message: string; data: CrmDocumentRow }>(`/api/crm/documents/${id}`, input),
  );

export const useDeleteCrmDocument = () =>
  useDocumentMutation((id: number) => api.delete<{ message: string }>(`/api/crm/documents/${id}`));

/** Downloads a document with the bearer token and saves it under its uploaded name. */
export async function downloadCrmDocument(document: Pick<CrmDocumentRow, 'id' | 'original_name'>): Promise<void> {
  const blob = await api.get<Blob>(`/api/crm/documents/${document.id}/file`, { responseType: 'blob' });
  saveBlob(blob, document.original_name);
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: crmTemplatesKey,
    queryFn: ({ signal }) => api.get<{ data: CrmEmailTemplateRow[] }>('/api/crm/email_templates', { signal }),
    select: (answer) => answer.data,
  });
}

function useTemplateMutation<I, A>(send: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: crmTemplatesKey }),
  });
}

/** Creates (id null) or updates a template. */
export const useSaveEmailTemplate = () =>
  useTemplateMutation(({ id, input }: { id: number | null; input: CrmEmailTemplateInput }) =>
    id === null
      ? api.post<{ message: string; data: CrmEmailTemplateRow }>('/api/crm/email_templates', input)
      : api.put<{ message: string; data: CrmEmailTemplateRow }>(`/api/crm/email_templates/${id}`, input),
  );

export const useDeleteEmailTemplate = () =>
  useTemplateMutation((id: number) => api.delete<{ message: string }>(`/api/crm/email_templates/${id}`));

/** A lead's e-mails for its timeline, live on crm_lead_{id}. */
export function useLeadEmails(leadId: number) {
  const queryClient = useQueryClient();
  useChannel(crmLeadChannel(leadId), {
    LeadEmailSent: () => void queryClient.invalidateQueries({ queryKey: leadEmailsKey(leadId) }),
  });
  return useQuery({
    queryKey: leadEmailsKey(leadId),
    queryFn: ({ signal }) => api.get<{ data: LeadEmail[] }>(`/api/crm/leads/${leadId}/emails`, { signal }),
    select: (answer) => answer.data,
  });
}

export function useSendLeadEmail(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LeadEmailInput) =>
      api.post<{ message: string; data: LeadEmail }>(`/api/crm/leads/${leadId}/email`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadEmailsKey(leadId) }),
  });
}

import type { ProjectQuoteDetail, ProjectQuoteLineInput } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Product Requirements and Project Quotes (decision 0047): the panels' calls. Each runs through useProjectAction, so
// the project is read again when it is done.

export interface QuoteFormValues {
  title: string;
  quote_date: string;
  valid_until: string | null;
  terms: string;
  lines: ProjectQuoteLineInput[];
}

export const projectQuoteCalls = {
  /** project_step 'Product Requirements': the whole list. */
  saveRequirements:
    (projectId: number) =>
    (change: {
      products: { id: number | null; option: number | null; product: string; quote_id: number | null }[];
      close: boolean;
    }) =>
      api.post<{ message: string }>('/api/project/project_step', {
        step: 'Product Requirements',
        project_id: projectId,
        products: change.products,
        close: change.close ? 1 : 0,
      }),
  createQuote: (projectId: number) => (values: QuoteFormValues & { requirement_id: number }) =>
    api.post<{ message: string; data: { id: number } }>(`/api/project/${projectId}/quotes`, values),
  updateQuote: () => (values: QuoteFormValues & { id: number }) => {
    const { id, ...body } = values;
    return api.put<{ message: string; data: { id: number } }>(`/api/project/quotes/${id}`, body);
  },
  completeQuote: () => (id: number) =>
    api.post<{ message: string; data: { id: number } }>(`/api/project/quotes/${id}/complete`, {}),
};

export const projectQuoteKey = (id: number) => ['projects', 'quotes', id] as const;

/** GET /api/project/quotes/{id}: the quote with its lines, for the editor (read when it opens). */
export function useProjectQuote(id: number | null) {
  return useQuery({
    queryKey: projectQuoteKey(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ProjectQuoteDetail }>(`/api/project/quotes/${id}`, { signal })).data,
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

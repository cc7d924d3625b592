import { storeChannel, type CompanyRow, type CreateCompanyResponse } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import { companyDetailQueryKey } from '../tabs/tab-props.ts';

export interface CompaniesPage extends PaginationMeta {
  data: CompanyRow[];
}

export const companiesQueryKey = ['companies'] as const;

/** GET /api/company?page=&per_page=&company= (spec 2 §7): one page of companies, filtered by name. */
export const companiesQueryOptions = (page: number, perPage: number, company: string) =>
  queryOptions({
    queryKey: [...companiesQueryKey, 'list', { page, perPage, company }] as const,
    queryFn: ({ signal }) =>
      api.get<CompaniesPage>('/api/company', {
        query: { page, per_page: perPage, company: company.trim() || undefined },
        signal,
      }),
  });

export function useCompanies(page: number, perPage: number, company: string) {
  return useQuery({ ...companiesQueryOptions(page, perPage, company), placeholderData: keepPreviousData });
}

export interface CreateCompanyValues {
  name: string;
  industry_id: string;
  website: string;
  logo: File | null;
}

/** POST /api/company, multipart name, industry_id, website, logo: answers message and data.id. */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CreateCompanyValues) => {
      const form = new FormData();
      form.append('name', values.name);
      form.append('industry_id', values.industry_id);
      form.append('website', values.website);
      if (values.logo) form.append('logo', values.logo, values.logo.name);
      return api.post<CreateCompanyResponse>('/api/company', form);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['company-list'] });
    },
  });
}

/**
 * Staff follow company changes live (spec 1 §7.8 store channel, 'CompanyUpdated' { id }): the list, the pickers
 * and that company's page read again. Client accounts are not on the store channel.
 */
export function useLiveCompanies(staff: boolean): void {
  const queryClient = useQueryClient();
  useChannel(staff ? storeChannel : null, {
    CompanyUpdated: (payload: { id?: unknown }) => {
      void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['company-list'] });
      if (typeof payload?.id === 'number')
        void queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(payload.id) });
    },
  });
}

import type { CompanyDetail, GeocodeResponse, Site, SiteInput, TechAttachment } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companyDetailQueryKey } from '../tabs/tab-props.ts';
import { companiesQueryKey } from './companies.ts';

/** GET /api/company/{id}: the company, its sites, tech information and header counters. */
export const companyDetailQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: companyDetailQueryKey(companyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CompanyDetail }>(`/api/company/${companyId}`, { signal })).data,
  });

export function useCompanyDetail(companyId: number) {
  return useQuery(companyDetailQueryOptions(companyId));
}

/** After a change: the page, the list and the company pickers read it again. */
function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(companyId) });
    void queryClient.invalidateQueries({ queryKey: companiesQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['company-list'] });
  };
}

export interface UpdateCompanyValues {
  name: string;
  industry_id: string;
  website: string;
  active: 0 | 1;
  logo: File | null;
}

/**
 * Spec 2 §7: PUT /api/company/{id} (name, industry, website, active); with a new logo, the multipart
 * POST /api/company/{id} with _method PUT.
 */
export function useUpdateCompany(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (values: UpdateCompanyValues) => {
      if (!values.logo) {
        return api.put<{ message: string; data: CompanyDetail }>(`/api/company/${companyId}`, {
          name: values.name,
          industry: values.industry_id,
          website: values.website,
          active: values.active,
        });
      }
      const form = new FormData();
      form.append('_method', 'PUT');
      form.append('name', values.name);
      form.append('industry_id', values.industry_id);
      form.append('website', values.website);
      form.append('active', String(values.active));
      form.append('logo', values.logo, values.logo.name);
      return api.post<{ message: string; data: CompanyDetail }>(`/api/company/${companyId}`, form);
    },
    onSuccess: refresh,
  });
}

/** PUT /api/companies/sites/{companyId}: the whole sites array. */
export function useUpdateSites(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (sites: Partial<Record<keyof SiteInput, unknown>>[]) =>
      api.put<{ message: string; data: Site[] }>(`/api/companies/sites/${companyId}`, { sites }),
    onSuccess: refresh,
  });
}

/** POST /api/companies/sites.info: id, name, parking_info, external. */
export function useUpdateSiteInfo(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (values: { id: number; name: string; parking_info: string; external: string }) =>
      api.post<{ message: string; data: Site }>('/api/companies/sites.info', values),
    onSuccess: refresh,
  });
}

/** POST /api/companies/sites/tech.info: multipart company_id, notes, attachments. */
export function useSaveTechInfo(companyId: number) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: (values: { notes: string; attachments: File[] }) => {
      const form = new FormData();
      form.append('company_id', String(companyId));
      form.append('notes', values.notes);
      for (const file of values.attachments) form.append('attachments[]', file, file.name);
      return api.post<{ message: string; data: { notes: string | null; attachments: TechAttachment[] } }>(
        '/api/companies/sites/tech.info',
        form,
      );
    },
    onSuccess: refresh,
  });
}

/** US address suggestions for the Sites tab; `enabled` is false when the server has no geocoder. */
export function geocodeAddress(query: string, signal?: AbortSignal): Promise<GeocodeResponse> {
  return api.get<GeocodeResponse>('/api/geocode', { query: { q: query }, signal });
}

import type { CompanyListItem, IdNameOption } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** GET /api/company.list: the company select (a client account gets its own company only). */
export function useCompanyOptions() {
  return useQuery({
    queryKey: ['company-list'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyListItem[] }>('/api/company.list', { signal }).then((answer) => answer.data),
    staleTime: 60_000,
  });
}

/** GET /api/companies/sites.list.{companyId} (spec 1 §7.2): the site select of the chosen company. */
export function useSiteOptions(companyId: number | null) {
  return useQuery({
    queryKey: ['sites-list', companyId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: IdNameOption[] }>(`/api/companies/sites.list.${companyId}`, { signal })
        .then((answer) => answer.data),
    enabled: companyId !== null,
    staleTime: 60_000,
  });
}

/** GET /api/users/client.list.{companyId}: the company's client accounts (ticket client, recipients, contacts). */
export function useCompanyAccountOptions(companyId: number | null, enabled = true) {
  return useQuery({
    queryKey: ['client-list', companyId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: IdNameOption[] }>(`/api/users/client.list.${companyId}`, { signal })
        .then((answer) => answer.data),
    enabled: companyId !== null && enabled,
  });
}

/** A device of the company as GET /api/devices.list.{companyId} lists it (spec 3 §7). */
export interface CompanyDeviceOption {
  id: number;
  type: string;
  name: string;
  asset_tag: string | null;
  site_id: number;
  site: string;
}

/** GET /api/devices.list.{companyId}: the company's device inventory (the devices a ticket may link). */
export function useCompanyDeviceOptions(companyId: number | null) {
  return useQuery({
    queryKey: ['devices', 'company-options', companyId] as const,
    queryFn: ({ signal }) =>
      api
        .get<{ data: CompanyDeviceOption[] }>(`/api/devices.list.${companyId}`, { signal })
        .then((answer) => answer.data),
    enabled: companyId !== null,
    staleTime: 60_000,
  });
}

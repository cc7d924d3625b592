import type { MapConfig, MapSite, TravelEstimate } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The map's calls (spec 2 §7 Sites; decision 0051): its tile layer, every located site, and the travel estimate the
// server asks of the routing service (the browser never calls it).

export function useMapConfig() {
  return useQuery({
    queryKey: ['map-config'] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: MapConfig }>('/api/map/config', { signal })).data,
    staleTime: Infinity,
  });
}

/** GET /api/companies/sites/map: data.data sites with lat, lng, company_id, name. */
export function useMapSites() {
  return useQuery({
    queryKey: ['map-sites'] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: MapSite[] }>('/api/companies/sites/map', { signal })).data,
    staleTime: 60_000,
  });
}

export function useTravelEstimate(pair: readonly [number, number] | null) {
  return useQuery({
    queryKey: ['map-travel', pair?.[0], pair?.[1]] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: TravelEstimate }>('/api/companies/sites/map/travel', {
          query: { from: pair![0], to: pair![1] },
          signal,
        })
      ).data,
    enabled: pair !== null,
    staleTime: 5 * 60_000,
  });
}

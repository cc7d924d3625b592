import { z } from 'zod';

// Client Map (spec 2 §2 Client Map, §4 Map, §7 Sites, §9): sites with coordinates, a company filter and a travel
// estimate between two chosen sites (decision 0051).

/** Spec 2 §9: the map opens on lat 40, lng -99, zoom 5. */
export const mapCentre = { lat: 40, lng: -99, zoom: 5 } as const;

/** A site as the map draws it: only what a marker and the company filter need. */
export const mapSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type MapSite = z.infer<typeof mapSiteSchema>;

/** GET /api/map/config: the tile layer the server allows (its host is in the CSP) and whether routing is configured. */
export const mapConfigSchema = z.object({
  data: z.object({ tile_url: z.string(), attribution: z.string(), routing: z.boolean() }),
});
export type MapConfig = z.infer<typeof mapConfigSchema>['data'];

/** GET /api/companies/sites/map/travel?from={siteId}&to={siteId}. */
export const travelQuerySchema = z.object({
  from: z.coerce.number().int().positive().max(2_147_483_647),
  to: z.coerce.number().int().positive().max(2_147_483_647),
});

/** driving: the routing service's road route; straight_line: the fallback, as the crow flies at an assumed speed. */
export const travelMethods = ['driving', 'straight_line'] as const;
export type TravelMethod = (typeof travelMethods)[number];

export const travelEstimateSchema = z.object({
  method: z.enum(travelMethods),
  distance_miles: z.number(),
  duration_minutes: z.number(),
});
export type TravelEstimate = z.infer<typeof travelEstimateSchema>;
export const travelEstimateResponseSchema = z.object({ data: travelEstimateSchema });

/** The fallback's assumed average speed: about what a technician makes between US sites on mixed roads. */
export const straightLineMph = 45;
export const metresPerMile = 1609.344;
const earthRadiusMiles = 3958.8;

interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance in miles (haversine). */
export function haversineMiles(a: Point, b: Point): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)));
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The straight-line fallback: distance as the crow flies, time at `straightLineMph`. */
export function straightLineEstimate(a: Point, b: Point): TravelEstimate {
  const miles = haversineMiles(a, b);
  return {
    method: 'straight_line',
    distance_miles: oneDecimal(miles),
    duration_minutes: Math.round((miles / straightLineMph) * 60),
  };
}

/** A routing service's answer (metres, seconds) in the spec's imperial units: miles and whole minutes. */
export function drivingEstimate(metres: number, seconds: number): TravelEstimate {
  return {
    method: 'driving',
    distance_miles: oneDecimal(metres / metresPerMile),
    duration_minutes: Math.round(seconds / 60),
  };
}

/** '1 hr 5 mins', '45 mins', '1 min'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const mins = `${rest} ${rest === 1 ? 'min' : 'mins'}`;
  if (hours === 0) return mins;
  const hrs = `${hours} ${hours === 1 ? 'hr' : 'hrs'}`;
  return rest === 0 ? hrs : `${hrs} ${mins}`;
}

export const travelMethodLabels: Record<TravelMethod, string> = {
  driving: 'Driving estimate',
  straight_line: `Straight-line estimate (no routing service): distance as the crow flies, time at an assumed ${straightLineMph} mph`,
};

/**
 * Spec 2 §4 Map: the markers chosen so far after choosing `siteId`. Two are needed for an estimate; a third choice
 * keeps only the latest. Choosing a chosen marker again changes nothing.
 */
export function nextMarkerSelection(selected: readonly number[], siteId: number): number[] {
  if (selected.includes(siteId)) return [...selected];
  if (selected.length >= 2) return [siteId];
  return [...selected, siteId];
}

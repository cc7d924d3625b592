import type { GeocodeResult } from '@switchboard/shared';
import type { FastifyBaseLogger } from 'fastify';

interface NominatimPlace {
  display_name?: string;
  lat?: string;
  lon?: string;
  address?: Record<string, string | undefined>;
}

/**
 * Asks a Nominatim-compatible geocoder (GEOCODER_URL) for US addresses matching `query` (spec 2 §9: address
 * autocomplete limited to the US). A geocoder that fails or times out gives no suggestions; the field stays usable.
 */
export async function geocodeUsAddress(
  baseUrl: string,
  query: string,
  log: FastifyBaseLogger,
): Promise<GeocodeResult[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    q: query,
    format: 'jsonv2',
    addressdetails: '1',
    countrycodes: 'us',
    limit: '5',
  }).toString();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const places = (await response.json()) as NominatimPlace[];
    return Array.isArray(places) ? places.map(toResult).filter((place): place is GeocodeResult => place !== null) : [];
  } catch (error) {
    log.warn({ err: error }, 'geocoding failed');
    return [];
  }
}

function toResult(place: NominatimPlace): GeocodeResult | null {
  const address = place.address ?? {};
  const lat = Number(place.lat);
  const lng = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  // "US-TX" gives the state code the site stores (spec 2 §3: state (code)).
  const stateCode = /^US-([A-Z]{2})$/.exec(address['ISO3166-2-lvl4'] ?? '')?.[1] ?? address.state ?? '';
  return {
    label: place.display_name ?? '',
    address: [address.house_number, address.road].filter(Boolean).join(' '),
    city: address.city ?? address.town ?? address.village ?? address.hamlet ?? '',
    state: stateCode,
    zip: address.postcode ?? '',
    lat,
    lng,
  };
}

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { authStore } from '../../lib/auth-store.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { stubApi } from '../../test/api-stub.ts';
import { signedInResponse } from '../../test/signed-in.ts';
import { ClientMapPage } from './client-map-page.tsx';

// Spec 2 §2 Client Map: the initial centre is lat 40, lng -99, zoom 5. Leaflet does not lay out in jsdom, so the
// map container stands in for itself here and shows the position the page starts it at.
vi.mock('react-leaflet', () => ({
  MapContainer: ({ center, zoom }: { center: [number, number]; zoom: number }) => (
    <div data-testid="map" data-center={center.join(',')} data-zoom={zoom} />
  ),
  TileLayer: () => null,
  Marker: () => null,
}));

afterEach(() => {
  authStore.clear();
});

describe('client map', { timeout: 20_000 }, () => {
  it('starts centred on lat 40, lng -99 at zoom 5', async () => {
    authStore.signIn(signedInResponse());
    stubApi({
      'GET /api/map/config': [
        200,
        { data: { tile_url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Tiles', routing: true } },
      ],
      'GET /api/companies/sites/map': [
        200,
        { data: [{ id: 1, name: 'Denver Office', company_id: 2, company_name: 'Rockies', lat: 39.74, lng: -104.99 }] },
      ],
    });
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <ClientMapPage />
      </Providers>,
    );
    const map = await screen.findByTestId('map');
    expect(map.dataset.center).toBe('40,-99');
    expect(map.dataset.zoom).toBe('5');
  });
});

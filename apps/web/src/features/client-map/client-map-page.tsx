import 'leaflet/dist/leaflet.css';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { mapCentre, nextMarkerSelection, type MapSite } from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { MapContainer, Marker, TileLayer } from 'react-leaflet';
import { useMapConfig, useMapSites } from './api/client-map.ts';
import classes from './client-map.module.css';
import { CompanyFilterModal } from './components/company-filter-modal.tsx';
import { markerIcon, selectedMarkerIcon } from './components/marker-icon.ts';
import { TravelModal } from './components/travel-modal.tsx';

// /companies/map (spec 2 §2 Client Map): every located site as a marker, the company filter, and the travel estimate
// between two chosen markers (a third choice keeps only the latest). Leaflet loads with this page's chunk only.

const siteLabel = (site: MapSite) => `${site.name} (${site.company_name})`;

export function ClientMapPage() {
  const config = useMapConfig();
  const sites = useMapSites();
  const [companyIds, setCompanyIds] = useState<number[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [estimating, setEstimating] = useState(false);

  const companies = useMemo(() => {
    const byId = new Map((sites.data ?? []).map((site) => [site.company_id, site.company_name]));
    return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [sites.data]);
  const shown = useMemo(
    () => (sites.data ?? []).filter((site) => companyIds.length === 0 || companyIds.includes(site.company_id)),
    [sites.data, companyIds],
  );
  const byId = new Map((sites.data ?? []).map((site) => [site.id, site]));
  const chosen = selected.map((id) => byId.get(id)).filter((site): site is MapSite => site !== undefined);

  const choose = (siteId: number) => {
    const next = nextMarkerSelection(selected, siteId);
    setSelected(next);
    setEstimating(next.length === 2);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Company Map</Title>
        <Group>
          {chosen.map((site) => (
            <Badge key={site.id} variant="light">
              {siteLabel(site)}
            </Badge>
          ))}
          {chosen.length === 1 && <Text size="sm">Choose a second site to estimate the travel time.</Text>}
          <Button variant="default" onClick={() => setFilterOpen(true)}>
            Filter by Company
          </Button>
        </Group>
      </Group>
      {config.isError || sites.isError ? (
        <Alert color="red">The map could not be loaded.</Alert>
      ) : !config.data || !sites.data ? (
        <Loader size="sm" />
      ) : (
        <MapContainer center={[mapCentre.lat, mapCentre.lng]} zoom={mapCentre.zoom} className={classes.map}>
          <TileLayer
            url={config.data.tile_url}
            attribution={config.data.attribution}
            // Tile servers (OpenStreetMap's policy) want to know the site; the app's own pages send no referrer.
            referrerPolicy="strict-origin-when-cross-origin"
          />
          {shown.map((site) => (
            <Marker
              key={site.id}
              position={[site.lat, site.lng]}
              icon={selected.includes(site.id) ? selectedMarkerIcon : markerIcon}
              alt={siteLabel(site)}
              title={siteLabel(site)}
              eventHandlers={{ click: () => choose(site.id) }}
            />
          ))}
        </MapContainer>
      )}
      {filterOpen && (
        <CompanyFilterModal
          opened
          companies={companies}
          chosen={companyIds}
          onClose={() => setFilterOpen(false)}
          onApply={(ids) => {
            setCompanyIds(ids);
            setSelected((current) =>
              current.filter((id) => ids.length === 0 || ids.includes(byId.get(id)?.company_id ?? -1)),
            );
            setFilterOpen(false);
          }}
        />
      )}
      {estimating && chosen.length === 2 && (
        <TravelModal from={chosen[0]!} to={chosen[1]!} onClose={() => setEstimating(false)} />
      )}
    </Stack>
  );
}

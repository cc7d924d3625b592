import { Icon } from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

// Leaflet finds its default marker images through a CSS path that Vite's hashed build breaks: import them instead.
const base = {
  iconRetinaUrl,
  iconUrl,
  shadowUrl,
  iconSize: [25, 41] as [number, number],
  iconAnchor: [12, 41] as [number, number],
  popupAnchor: [1, -34] as [number, number],
  shadowSize: [41, 41] as [number, number],
};

export const markerIcon = new Icon(base);
/** A chosen marker: the same pin, tinted by CSS (client-map.module.css), so the two chosen sites stand out. */
export const selectedMarkerIcon = new Icon({ ...base, className: 'client-map-selected' });

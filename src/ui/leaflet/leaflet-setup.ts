import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

// Leaflet guesses its marker image path from its CSS file, which breaks once bundled: hand it
// the images the bundler emitted instead. Importing this module once is enough for every map.
L.Icon.Default.mergeOptions({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
});

/** Tiles from VITE_TILE_URL when set at build time, else the public OpenStreetMap servers. */
export const TILE_URL: string =
  import.meta.env.VITE_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

// OpenStreetMap's tile policy asks for this attribution on every map that shows its tiles.
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export interface LatLng {
  lat: number;
  lng: number;
}

/** Spec §9: the bridge form's map opens near New York at zoom 3. */
export const DEFAULT_PICKER_CENTRE: LatLng = { lat: 40.7128, lng: -74.006 };
export const DEFAULT_PICKER_ZOOM = 3;

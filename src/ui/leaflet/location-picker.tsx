import './leaflet-setup';
import type { Map as LeafletMap } from 'leaflet';
import { type Ref, useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import {
  DEFAULT_PICKER_CENTRE,
  DEFAULT_PICKER_ZOOM,
  type LatLng,
  TILE_ATTRIBUTION,
  TILE_URL,
} from './leaflet-setup';
import * as styles from './location-picker.css';

export interface LocationPickerProps {
  /** The chosen position, or null while none is chosen (or the typed one is invalid). */
  value: LatLng | null;
  onChange: (position: LatLng) => void;
  /** Accessible name of the map. */
  label?: string;
  /** The Leaflet map, for callers (and tests) that need to drive it directly. */
  mapRef?: Ref<LeafletMap>;
}

function ClickToPick({ onChange }: { onChange: (position: LatLng) => void }) {
  useMapEvents({
    click(event) {
      onChange({ lat: event.latlng.lat, lng: event.latlng.lng });
    },
  });
  return null;
}

/** Typed coordinates move the marker; this keeps it in view as well. */
function FollowValue({ value }: { value: LatLng | null }) {
  const map = useMap();
  const lat = value?.lat;
  const lng = value?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

const format = (n: number) => n.toFixed(4);

/**
 * A map to choose a position: a click sets the marker and reports its coordinates; a new
 * `value` moves the marker. Keyboard users type the coordinates in the form's fields instead.
 */
export function LocationPicker({
  value,
  onChange,
  label = 'Location map',
  mapRef,
}: LocationPickerProps) {
  const centre = value ?? DEFAULT_PICKER_CENTRE;
  return (
    <figure className={styles.figure} role="group" aria-label={label}>
      <MapContainer
        ref={mapRef}
        className={styles.map}
        center={[centre.lat, centre.lng]}
        zoom={DEFAULT_PICKER_ZOOM}
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <ClickToPick onChange={onChange} />
        <FollowValue value={value} />
        {value && <Marker position={[value.lat, value.lng]} alt="Selected position" />}
      </MapContainer>
      <figcaption className={styles.caption} aria-live="polite">
        {value
          ? `Selected position: ${format(value.lat)}, ${format(value.lng)}`
          : 'No position selected. Click the map or type the coordinates.'}
      </figcaption>
    </figure>
  );
}

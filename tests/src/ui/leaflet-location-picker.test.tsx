import { act, render, screen } from '@testing-library/react';
import L, { type Map as LeafletMap } from 'leaflet';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { LatLng } from '../../../src/ui/leaflet/leaflet-setup';
import { LocationPicker } from '../../../src/ui/leaflet/location-picker';

function Harness({
  initial,
  onChange,
}: {
  initial: LatLng | null;
  onChange?: (p: LatLng) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setValue({ lat: -33.8688, lng: 151.2093 })}>
        Type Sydney
      </button>
      <LocationPicker
        value={value}
        onChange={(p) => {
          setValue(p);
          onChange?.(p);
        }}
      />
    </>
  );
}

const markers = () => document.querySelectorAll('img.leaflet-marker-icon');

describe('LocationPicker', () => {
  it('opens near New York at zoom 3 with no marker', () => {
    const mapRef = createRef<LeafletMap>();
    render(<LocationPicker value={null} onChange={() => undefined} mapRef={mapRef} />);
    expect(screen.getByRole('group', { name: 'Location map' })).toBeInTheDocument();
    expect(mapRef.current?.getCenter()).toEqual(L.latLng(40.7128, -74.006));
    expect(mapRef.current?.getZoom()).toBe(3);
    expect(markers()).toHaveLength(0);
    expect(
      screen.getByText('No position selected. Click the map or type the coordinates.'),
    ).toBeInTheDocument();
  });

  it('sets the marker and reports the position when the map is clicked', () => {
    const mapRef = createRef<LeafletMap>();
    const onChange = vi.fn();
    function WithRef() {
      const [value, setValue] = useState<LatLng | null>(null);
      return (
        <LocationPicker
          value={value}
          mapRef={mapRef}
          onChange={(p) => {
            setValue(p);
            onChange(p);
          }}
        />
      );
    }
    render(<WithRef />);
    // jsdom has no layout, so the click is fired on the map with its coordinates.
    act(() => {
      mapRef.current?.fire('click', { latlng: L.latLng(45.4215, -75.6972) });
    });
    expect(onChange).toHaveBeenCalledWith({ lat: 45.4215, lng: -75.6972 });
    expect(markers()).toHaveLength(1);
    expect(screen.getByText('Selected position: 45.4215, -75.6972')).toBeInTheDocument();
  });

  it('moves the marker when the coordinates change from outside', () => {
    render(<Harness initial={{ lat: 10, lng: 20 }} />);
    expect(screen.getByText('Selected position: 10.0000, 20.0000')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Type Sydney' }).click());
    expect(markers()).toHaveLength(1);
    expect(screen.getByText('Selected position: -33.8688, 151.2093')).toBeInTheDocument();
  });

  it('bundles the marker images instead of guessing their path', () => {
    const options = L.Icon.Default.prototype.options;
    expect(options.iconUrl).toMatch(/marker-icon/);
    expect(options.shadowUrl).toMatch(/marker-shadow/);
  });
});

import { describe, expect, it } from 'vitest';
import { initialMapView } from '../../domain/map-centre';

describe('initial map view (spec §9)', () => {
  it('opens on New York at zoom 10 when no bridge has a valid position', () => {
    expect(initialMapView([])).toEqual({
      centre: { lat: 40.7128, lng: -74.006 },
      zoom: 10,
      hasBridges: false,
    });
  });

  it.each([
    [[{ lat: 45, lng: -73 }], { lat: 45, lng: -73 }],
    [
      [
        { lat: 40, lng: -120 },
        { lat: 50, lng: -60 },
      ],
      { lat: 45, lng: -90 },
    ],
    [
      [
        { lat: 46.2, lng: -63.7 },
        { lat: 49.3, lng: -123.1 },
        { lat: 45.5, lng: -73.5 },
      ],
      { lat: 47, lng: -86.76666666666667 },
    ],
  ])('centres %j on their average %j at zoom 3', (positions, centre) => {
    const view = initialMapView(positions);
    expect(view.centre.lat).toBeCloseTo(centre.lat, 10);
    expect(view.centre.lng).toBeCloseTo(centre.lng, 10);
    expect(view.zoom).toBe(3);
    expect(view.hasBridges).toBe(true);
  });
});

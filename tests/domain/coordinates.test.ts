import { describe, expect, it } from 'vitest';
import { isValidCoordinate, parseLocationOnMap } from '../../domain/coordinates';

describe('map coordinates (spec §5)', () => {
  it.each([
    ['45.5017,-73.5673', { lat: 45.5017, lng: -73.5673 }],
    [' 49.3150 , -123.1386 ', { lat: 49.315, lng: -123.1386 }],
    ['90,180', { lat: 90, lng: 180 }],
    ['-90,-180', { lat: -90, lng: -180 }],
    ['0,0', { lat: 0, lng: 0 }],
    ['+46.2,-63.7', { lat: 46.2, lng: -63.7 }],
    ['.5,1e1', { lat: 0.5, lng: 10 }],
  ])('%j is drawn at %j', (text, expected) => {
    expect(parseLocationOnMap(text)).toEqual(expected);
  });

  it.each<[string | null | undefined, string]>([
    [null, 'missing'],
    [undefined, 'missing'],
    ['', 'empty'],
    ['45.5', 'one part'],
    ['45.5,-73.5,12', 'three parts'],
    ['45.5;-73.5', 'wrong separator'],
    ['abc,-73.5', 'latitude not numeric'],
    ['45.5,xyz', 'longitude not numeric'],
    ['45abc,-73.5', 'trailing text'],
    [',-73.5', 'empty latitude'],
    ['45.5,', 'empty longitude'],
    ['NaN,0', 'NaN'],
    ['Infinity,0', 'Infinity'],
    ['90.0001,0', 'latitude above 90'],
    ['-90.0001,0', 'latitude below -90'],
    ['0,180.0001', 'longitude above 180'],
    ['0,-180.0001', 'longitude below -180'],
  ])('%j stays off the map (%s)', (text) => {
    expect(parseLocationOnMap(text)).toBeNull();
  });

  it.each([
    [0, 0, true],
    [90, -180, true],
    [91, 0, false],
    [0, 181, false],
    [Number.NaN, 0, false],
  ])('isValidCoordinate(%d, %d) is %s', (lat, lng, expected) => {
    expect(isValidCoordinate(lat, lng)).toBe(expected);
  });
});

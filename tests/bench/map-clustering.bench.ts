// How the map's clustering holds up for an agency with 10,000 bridges (issue 6). Run with
// `npm run bench:map`; not part of `npm test`.
import { bench, describe } from 'vitest';
import type { MarkerCondition } from '../../src/features/map/cluster-index';
import { type BBox, buildClusterIndex } from '../../src/features/map/cluster-index';
import { toMapPoints } from '../../src/features/map/map-points';
import { canadianFleet } from './map-fleet';

const FLEET = canadianFleet(10_000);
const CONDITIONS: MarkerCondition[] = ['Good', 'Good', 'Good', 'Fair', 'Poor', 'Critical'];
const conditionOf = (id: number) => CONDITIONS[id % CONDITIONS.length];
const POINTS = toMapPoints(FLEET, conditionOf);
const INDEX = buildClusterIndex(POINTS);

/** The box the layer queries for a 1280x720 view: the screen plus a fifth of it on each side. */
function viewBox(lat: number, lng: number, zoom: number): BBox {
  const degPerPx = 360 / (256 * 2 ** zoom);
  const halfW = 640 * 1.4 * degPerPx;
  const halfH = 360 * 1.4 * degPerPx * Math.cos((lat * Math.PI) / 180);
  return [lng - halfW, lat - halfH, lng + halfW, lat + halfH];
}

// A session: the whole country at zoom 3, zooming into Montreal, then panning along the river.
const ZOOMS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((z) => ({ box: viewBox(45.5, -73.57, z), z }));
const PANS = Array.from({ length: 20 }, (_, i) => ({
  box: viewBox(45.5 + i * 0.02, -73.57 + i * 0.05, 10),
  z: 10,
}));

describe('10,000 bridges across Canada', () => {
  bench('parse location_on_map and build the cluster index', () => {
    buildClusterIndex(toMapPoints(FLEET, conditionOf));
  });

  bench('clusters for 10 zoom steps (zoom 3 to 12 over Montreal)', () => {
    for (const { box, z } of ZOOMS) INDEX.clustersIn(box, z);
  });

  bench('clusters for 20 pans at zoom 10', () => {
    for (const { box, z } of PANS) INDEX.clustersIn(box, z);
  });

  bench('clusters for the whole country at zoom 3', () => {
    INDEX.clustersIn([-141, 41, -52, 61], 3);
  });
});

import type { components } from '../../openapi/schema';

type Bridge = components['schemas']['Bridge'];

// Cities that hold most of Canada's bridges; the synthetic fleet is dense around them and
// sparse elsewhere, the way a real agency's inventory is.
const HUBS: readonly [number, number][] = [
  [49.28, -123.12],
  [51.05, -114.07],
  [53.55, -113.49],
  [49.9, -97.14],
  [43.65, -79.38],
  [45.42, -75.7],
  [45.5, -73.57],
  [46.81, -71.21],
  [44.65, -63.57],
  [47.56, -52.71],
];

const STATUSES = ['Open', 'Restricted', 'Closed', 'Under Construction'];

/** A deterministic pseudo-random stream (mulberry32), so every run measures the same fleet. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` bridges across Canada: 70 % within ~3° of a city, the rest anywhere 42-60° N. */
export function canadianFleet(count: number, seed = 42): Bridge[] {
  const next = random(seed);
  const bridges: Bridge[] = [];
  for (let i = 0; i < count; i += 1) {
    let lat: number;
    let lng: number;
    if (next() < 0.7) {
      const [hubLat, hubLng] = HUBS[Math.floor(next() * HUBS.length)] ?? [45, -75];
      lat = hubLat + (next() - 0.5) * 3;
      lng = hubLng + (next() - 0.5) * 5;
    } else {
      lat = 42 + next() * 18;
      lng = -140 + next() * 87;
    }
    bridges.push({
      id: i + 1,
      company_id: 1,
      name: `Bridge ${i + 1}`,
      location: `Synthetic bridge ${i + 1}`,
      construction_date: '1970-01-01',
      length_per_span: 40,
      location_on_map: `${lat.toFixed(5)},${lng.toFixed(5)}`,
      latitude: lat,
      longitude: lng,
      structure_type: 'Beam',
      status: STATUSES[i % STATUSES.length] ?? 'Open',
    });
  }
  return bridges;
}

import { findCatalogueBridge, type CatalogueBridge } from '../integrations/bridge-catalogue.ts';

/** A demo bridge's catalogue entry; the demo is seeded only from bridges the catalogue has. */
export function catalogue(name: string): CatalogueBridge {
  const found = findCatalogueBridge(name);
  if (!found) throw new Error(`demo bridge '${name}' is missing from the catalogue`);
  return found;
}

/** The bridges row of a located catalogue bridge, open, its length shared by `spanCount` spans. */
export function locatedBridgeRow(bridge: CatalogueBridge, companyId: number, spanCount: number) {
  return {
    companyId,
    name: bridge.name,
    location: `${bridge.city}, ${bridge.province}. ${bridge.description}`,
    constructionDate: `${bridge.opened}-01-01`,
    lengthPerSpan: Math.round((bridge.length_m / Math.max(1, spanCount)) * 10) / 10,
    latitude: bridge.latitude,
    longitude: bridge.longitude,
    locationOnMap: `${bridge.latitude},${bridge.longitude}`,
    structureType: bridge.structure_type,
    status: 'Open',
  };
}

// The optional build-time tile server for every map (see leaflet-setup.ts).
interface ImportMetaEnv {
  readonly VITE_TILE_URL?: string;
}

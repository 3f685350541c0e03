// The dashboard's address carries the bridge (`/dashboard?bridge=<id>`), so a reload or a shared
// link opens the same bridge. Anything but a positive whole id counts as no bridge (spec §5).

export interface DashboardSearch {
  bridge?: number;
}

const MAX_ID = 2_147_483_647;

export function parseBridgeId(value: unknown): number | undefined {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

// The key is always present: the router lays the validated search over the raw one, so leaving
// it out would let a raw 'abc' through.
export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  return { bridge: parseBridgeId(search.bridge) };
}

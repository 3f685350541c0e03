// The dashboard's address carries the bridge (`/dashboard?bridge=<id>`), so a reload or a shared
// link opens the same bridge. Anything but a positive whole id counts as no bridge (spec §5).
// The links that open a dashboard add the bridge's name (`&name=Confederation%20Bridge`): the
// analytics API asks for it (spec §7, sid), so the page can start those requests without
// waiting for the bridge list. The list has the last word on the name; the address's is a hint.

export interface DashboardSearch {
  bridge?: number;
  name?: string;
}

const MAX_ID = 2_147_483_647;
/** The contract's longest bridge name (BridgeInput.name). */
export const BRIDGE_NAME_MAX_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function parseBridgeId(value: unknown): number | undefined {
  const id =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

/**
 * The name as the address gives it, or undefined when it cannot be a bridge's name. A name
 * that reads as a number comes out of the router's search parser as one (`name=1915`).
 */
export function parseBridgeName(value: unknown): string | undefined {
  const text =
    typeof value === 'string' ? value : Number.isFinite(value) ? String(value) : undefined;
  if (text === undefined || text.trim() === '') return undefined;
  if (text.length > BRIDGE_NAME_MAX_LENGTH || CONTROL_CHARACTER.test(text)) return undefined;
  return text;
}

// The keys are always present: the router lays the validated search over the raw one, so leaving
// one out would let a raw 'abc' through.
export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  return { bridge: parseBridgeId(search.bridge), name: parseBridgeName(search.name) };
}

/** The search of a link that opens this bridge's dashboard. */
export function dashboardSearchOf(bridge: { id: number; name: string }): DashboardSearch {
  return { bridge: bridge.id, name: parseBridgeName(bridge.name) };
}

import { isIP } from 'node:net';

/**
 * Which hops may set X-Forwarded-For (Fastify's `trustProxy`). Off by default: trusting every
 * client's header would let anyone pick the address the throttles count by.
 */
export type TrustProxy = boolean | number | string[];

// proxy-addr's names for whole ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** `true`/`false`, a hop count, or a comma-separated list of proxy addresses and CIDR ranges. */
export function parseTrustProxy(raw: string): TrustProxy {
  const text = raw.trim().toLowerCase();
  if (['true', 'on'].includes(text)) return true;
  if (['false', 'off', '0'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `must be true, false, a hop count or a list of addresses/CIDR ranges ('${bad}' is none)`,
    );
  }
  return entries;
}

/** Fastify's option: its types leave out the hop count proxy-addr takes, so count hops here. */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

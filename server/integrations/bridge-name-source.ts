import { HttpError } from '../http-error.ts';
import { bridgeCatalogue } from './bridge-catalogue.ts';

export interface CompanyCredentials {
  username: string | null;
  password: string | null;
}

/** Where the bridge form's 'Select a bridge' names come from (spec §7, /bridges/from_rensys). */
export interface BridgeNameSource {
  names(credentials: CompanyCredentials): Promise<string[]>;
}

export const catalogueNameSource: BridgeNameSource = {
  async names() {
    return bridgeCatalogue.map((bridge) => bridge.name);
  },
};

const TIMEOUT_MS = 10_000;

function namesFrom(payload: unknown): string[] | null {
  const list = Array.isArray(payload)
    ? payload
    : typeof payload === 'object' &&
        payload !== null &&
        Array.isArray((payload as { data?: unknown }).data)
      ? (payload as { data: unknown[] }).data
      : null;
  if (!list) return null;
  const names = list.map((item) =>
    typeof item === 'string'
      ? item
      : typeof item === 'object' && item !== null
        ? (item as { name?: unknown }).name
        : undefined,
  );
  return names.every((name): name is string => typeof name === 'string') ? names : null;
}

/**
 * The external bridge-data service: GET {baseUrl}/bridges with the user's company credentials
 * as HTTP Basic auth. It may answer a list of names, a list of { name }, or { data: [...] }.
 */
export function httpNameSource(baseUrl: string, fetchImpl: typeof fetch = fetch): BridgeNameSource {
  const endpoint = new URL('bridges', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return {
    async names(credentials) {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (credentials.username) {
        const basic = Buffer.from(`${credentials.username}:${credentials.password ?? ''}`).toString(
          'base64',
        );
        headers.authorization = `Basic ${basic}`;
      }
      let response: Response;
      try {
        response = await fetchImpl(endpoint, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        throw new HttpError(502, 'The bridge-name service could not be reached');
      }
      if (response.status === 401 || response.status === 403) {
        throw new HttpError(502, 'The bridge-name service refused your company credentials');
      }
      if (!response.ok) {
        throw new HttpError(502, `The bridge-name service failed with HTTP ${response.status}`);
      }
      const names = namesFrom(await response.json().catch(() => null));
      if (!names)
        throw new HttpError(502, 'The bridge-name service answered in an unexpected format');
      return names;
    },
  };
}

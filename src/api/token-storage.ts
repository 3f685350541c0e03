// Spec §3: the session lives in localStorage under the keys `access` and `refresh`.
const ACCESS_KEY = 'access';
const REFRESH_KEY = 'refresh';

export interface TokenPair {
  access: string;
  refresh: string;
}

// Reading must never crash the app: storage can be disabled by the browser or its policies,
// which for us simply means "signed out".
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const tokenStorage = {
  getAccess: (): string | null => read(ACCESS_KEY),
  getRefresh: (): string | null => read(REFRESH_KEY),
  // Writes may throw (quota, disabled storage); callers decide how to recover (spec §4, Login).
  setTokens({ access, refresh }: TokenPair): void {
    window.localStorage.setItem(ACCESS_KEY, access);
    window.localStorage.setItem(REFRESH_KEY, refresh);
  },
  clear(): void {
    try {
      window.localStorage.removeItem(ACCESS_KEY);
      window.localStorage.removeItem(REFRESH_KEY);
    } catch {
      // Nothing stored can be read back either, so the session is already gone.
    }
  },
};

export type TokenStorage = typeof tokenStorage;

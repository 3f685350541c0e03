/** Hosts on which an `http:` issuer is allowed: a provider on this machine (tests, a local IdP). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why this text cannot be an OpenID Connect issuer, or null when it can: an https URL without
 * query or fragment (OpenID Connect Discovery §3), or http on the loopback interface only.
 */
export function issuerProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be a URL such as https://login.example.com';
  }
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) {
    return 'must be an https URL (http only on 127.0.0.1 or localhost)';
  }
  if (url.search || url.hash) return 'must have no query or fragment';
  if (url.username || url.password) return 'must not carry a user name or password';
  return null;
}

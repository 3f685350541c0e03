// The signed-in app's service worker (decision 053, "The app opens offline"): an inspector who
// closed the tab in the field can open SpanWatch again without a network, find the draft kept on
// the phone and record more. Plain JavaScript served as is from /app-sw.js: a worker's script
// must keep one address, which Vite's hashed assets do not.
//
// What it keeps:
// - the app's HTML shell and every hashed asset the app has loaded (those never change);
// - two answers a signed-in screen needs before it draws: who the user is and their bridges,
//   kept per user (the access token's subject), so a shared phone never shows one person's list
//   to another. They are forgotten when the user signs out (the app's logout call passes here,
//   even offline) and when the server refuses the user's token for them.
// Everything else goes to the network as before; public pages are left alone entirely.

const SHELL_CACHE = 'spanwatch-shell-v1';
const ANSWERS_CACHE = 'spanwatch-answers-v1';
const SHELL_URL = '/index.html';
/** Old builds' assets pile up as releases come; the oldest go past this many. */
const MAX_KEPT_ASSETS = 400;
/** A header on what this worker answered from its store, so the app and tests can tell. */
const KEPT_HEADER = 'x-spanwatch-kept';

/** The screens behind sign-in (src/routes/_signed-in): the shell answers them offline. */
const SIGNED_IN_SCREENS = [
  '/dashboard',
  '/map',
  '/inspections',
  '/bridges',
  '/users',
  '/operations',
  '/audit',
  '/settings',
  '/acknowledge',
];
const KEPT_ANSWERS = ['/api/v1/user/me', '/api/v1/bridges'];
const LOGOUT_PATH = '/api/v1/auth/logout';

const isSignedInScreen = (path) =>
  SIGNED_IN_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`));

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      await shell.add(new Request(SHELL_URL, { cache: 'reload' }));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, ANSWERS_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('spanwatch-') && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// The page names the assets it loaded before this worker took charge (src/api/offline-app.ts),
// and is told on the port it sends when all of them are kept: only then is the app sure to open
// offline.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((url) => typeof url === 'string')
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'))
    .slice(0, MAX_KEPT_ASSETS);
  const done = event.ports[0];
  event.waitUntil(
    keepAssets(urls).then((kept) => done?.postMessage({ type: 'assets-kept', kept })),
  );
});

/** Resolves with how many of `urls` are kept once every one has been tried. */
async function keepAssets(urls) {
  const shell = await caches.open(SHELL_CACHE);
  const results = await Promise.all(
    urls.map(async (url) => {
      if (await shell.match(url.pathname)) return true;
      try {
        const response = await fetch(url.pathname);
        if (!response.ok) return false;
        await shell.put(url.pathname, response);
        return true;
      } catch {
        // Offline already: kept the next time it is loaded.
        return false;
      }
    }),
  );
  return results.filter(Boolean).length;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === LOGOUT_PATH) {
    // The request itself goes on as before; what was kept for whoever signs out goes now.
    event.waitUntil(caches.delete(ANSWERS_CACHE));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetFirstKept(request, url));
  } else if (request.mode === 'navigate' && isSignedInScreen(url.pathname)) {
    event.respondWith(screenOrShell(request));
  } else if (KEPT_ANSWERS.includes(url.pathname) && url.search === '') {
    event.respondWith(answerOrKept(request, url));
  }
});

/** Hashed assets never change: a kept one is served without asking the network. */
async function assetFirstKept(request, url) {
  const shell = await caches.open(SHELL_CACHE);
  const kept = await shell.match(url.pathname);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await shell.put(url.pathname, response.clone());
    await trim(shell);
  }
  return response;
}

async function trim(shell) {
  const assets = (await shell.keys()).filter((key) => new URL(key.url).pathname !== SHELL_URL);
  for (const old of assets.slice(0, Math.max(0, assets.length - MAX_KEPT_ASSETS))) {
    await shell.delete(old);
  }
}

/** The network's page while there is one (it may be a newer build), else the kept shell. */
async function screenOrShell(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const shell = await caches.open(SHELL_CACHE);
      await shell.put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (!kept) throw error;
    return markedKept(kept);
  }
}

/** The user whose access token a request carries (its subject), unverified: a cache key only. */
function userOf(request) {
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.sub === 'string' && /^\d+$/.test(claims.sub) ? claims.sub : null;
  } catch {
    return null;
  }
}

/** The server's answer while it can be reached; this user's last good one while it cannot. */
async function answerOrKept(request, url) {
  const user = userOf(request);
  if (!user) return fetch(request);
  const key = `${url.pathname}?kept-for=${user}`;
  try {
    const response = await fetch(request);
    const answers = await caches.open(ANSWERS_CACHE);
    if (response.ok) await answers.put(key, response.clone());
    // A refused token (401) or a removed user: nothing of theirs is kept any longer.
    else if (response.status === 401 || response.status === 403) await answers.delete(key);
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: ANSWERS_CACHE });
    if (!kept) throw error;
    return markedKept(kept);
  }
}

async function markedKept(response) {
  const headers = new Headers(response.headers);
  headers.set(KEPT_HEADER, 'offline');
  return new Response(await response.blob(), { status: response.status, headers });
}

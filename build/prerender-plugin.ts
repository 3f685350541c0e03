import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BuilderOptions, EnvironmentOptions } from 'vite';

// What src/prerender.tsx exports; kept structural so this Node-side file needs no React types.
interface PrerenderModule {
  prerenderedPaths: readonly string[];
  renderPage(path: string): Promise<{
    title: string;
    description: string;
    routeIds: string[];
    html: string;
  }>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where the server finds the pages: dist/prerendered/<path>.html, '/' being index.html. */
export const PRERENDER_DIR = 'prerendered';
const SERVER_OUT_DIR = 'node_modules/.cache/spanwatch-prerender';
const MANIFEST = '.vite/manifest.json';
const LOW = 'fetchpriority="low"';
/**
 * The build environment that compiles src/prerender.tsx for Node. Its output stays out of dist/
 * (never served) but inside the project, so Node resolves its imports from node_modules.
 */
export function prerenderEnvironment(entry: string): EnvironmentOptions {
  return {
    build: {
      ssr: entry,
      outDir: SERVER_OUT_DIR,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
    },
  };
}

/**
 * `vite build`: the browser bundle, then the Node bundle of the same routes, then each public
 * page rendered to HTML. A page's HTML links its route chunks' styles (so it paints styled with
 * no JavaScript) and preloads their code (so the app replaces it without a second round trip).
 */
export const prerenderBuilder: BuilderOptions = {
  async buildApp(builder) {
    const { client, ssr } = builder.environments;
    if (!client || !ssr) throw new Error('vite.config.ts defines no ssr environment');
    await builder.build(client);
    await builder.build(ssr);
    const root = builder.config.root;
    const clientDir = resolve(root, client.config.build.outDir);
    const entry = String(ssr.config.build.ssr)
      .replace(/^.*\//, '')
      .replace(/\.tsx?$/, '.js');
    const serverEntry = pathToFileURL(join(resolve(root, SERVER_OUT_DIR), entry));
    const prerender = (await import(`${serverEntry.href}?t=${Date.now()}`)) as PrerenderModule;
    await writePages(clientDir, prerender);
  },
};

async function writePages(clientDir: string, prerender: PrerenderModule) {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(clientDir, MANIFEST), 'utf8')) as Manifest;
  for (const path of prerender.prerenderedPaths) {
    const page = await prerender.renderPage(path);
    const { css, js } = routeAssets(manifest, page.routeIds, path);
    const head = [
      `<title data-prerendered>${escapeHtml(page.title)}</title>`,
      `<meta data-prerendered name="description" content="${escapeHtml(page.description)}" />`,
      ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" ${LOW}>`),
      ...css.map((file) => inlineStyle(clientDir, file)),
    ].join('\n    ');
    const html = template
      .replace(/<title>[^<]*<\/title>/, '')
      // Styles inline: the first paint waits for the page alone, not for a round trip per file.
      .replace(
        /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
        (_link, file: string) => inlineStyle(clientDir, file),
      )
      // The page reads fine before its code runs, so the code yields the network to the page.
      .replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, `$& ${LOW}`)
      .replace('</head>', () => `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
    if (!html.includes(page.html)) throw new Error('index.html has no empty <div id="root">');
    const file = join(clientDir, PRERENDER_DIR, `${path === '/' ? '/index' : path}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

// A route file's chunks are keyed by its source path, with ?tsr-split=... for the parts the
// router plugin split off; the entry (index.html) already loads what the root route needs.
function routeAssets(manifest: Manifest, routeIds: string[], path: string) {
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.src === 'index.html');
  for (const routeId of routeIds.filter((id) => id !== '__root__')) {
    const source = `src/routes${routeId.replace(/\/$/, '/index')}.tsx`;
    const keys = Object.keys(manifest).filter((key) => key.split('?')[0] === source);
    if (keys.length === 0) throw new Error(`${path}: no chunk for route ${routeId} (${source})`);
    keys.forEach(visit);
  }
  // Whatever the entry loads is in index.html already.
  const loaded = new Set<string>();
  const visitEntry = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file)) return;
    loaded.add(chunk.file);
    chunk.css?.forEach((file) => loaded.add(file));
    chunk.imports?.forEach(visitEntry);
  };
  entryKeys.forEach(visitEntry);
  const fresh = (files: Set<string>) => [...files].filter((file) => !loaded.has(file));
  return { css: fresh(css), js: fresh(js) };
}

// A style sheet written into the page. The disabled link beside it is never fetched; it tells
// Vite's chunk loader that the sheet is on the page, so a route chunk needing it does not load
// it again.
function inlineStyle(clientDir: string, file: string): string {
  const css = readFileSync(join(clientDir, file), 'utf8');
  // Vite writes asset URLs in CSS from the site root, so they hold on any page's path.
  if (/url\((?!["']?(data:|\/|#))/.test(css)) throw new Error(`${file} has a relative url()`);
  return `<style>${css.replaceAll('</style', '<\\/style')}</style><link rel="stylesheet" href="/${file}" disabled>`;
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

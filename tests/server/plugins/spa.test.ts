import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { testConfig } from '../../helpers/test-app.ts';

describe('serving the built SPA', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist = '';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'spanwatch-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpanWatch</title>');
    writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    writeFileSync(
      path.join(dist, 'assets', 'app-1a2b3c.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{"file":"x.js"}}');
    // public/ is copied as it is, as Vite does.
    const robots = path.resolve('public', 'robots.txt');
    if (existsSync(robots)) copyFileSync(robots, path.join(dist, 'robots.txt'));
    database = openDatabase({});
    app = await buildApp({ config: testConfig, database, spaDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with the app shell (it once answered 403)', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>SpanWatch</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers any other page path with the app shell, so the router can show its 404', async () => {
    for (const url of ['/map', '/solutions/damage-detection-modeling', '/no/such/page']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>SpanWatch</title>');
    }
  });

  it('does not serve the build manifest, nor the app shell in its place (issue 13)', async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/', '/assets/../.vite/manifest.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('x.js');
      expect(response.body).not.toContain('<title>');
    }
  });

  it('caches hashed assets for a year and keeps API 404s as JSON', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'No route for GET /api/v1/unknown' });
  });

  it('sends the pre-compressed asset to a browser that accepts brotli', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b3c.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    const plain = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends security headers without forcing https on a plain-http deployment', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives a crawler its rules as text (Lighthouse SEO), leaving the public pages open', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const rules = response.body
      .split('\n')
      .map((line) => line.replace(/#.*/, '').trim())
      .filter(Boolean);
    expect(rules[0]).toBe('User-agent: *');
    for (const rule of rules) expect(rule).toMatch(/^(User-agent|Allow|Disallow|Sitemap):/);
    expect(rules).not.toContain('Disallow: /');
  });
});

describe('serving the prerendered public pages', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist = '';

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'spanwatch-dist-'));
    mkdirSync(path.join(dist, 'prerendered', 'solutions'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpanWatch</title>');
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<h1>Home, prerendered</h1>');
    writeFileSync(
      path.join(dist, 'prerendered', 'solutions', 'damage-detection-modeling.html'),
      '<h1>Damage detection, prerendered</h1>',
    );
    database = openDatabase({});
    app = await buildApp({ config: testConfig, database, spaDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a public page with its own HTML and every other path with the app shell', async () => {
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toBe('<h1>Home, prerendered</h1>');
    expect(home.headers['cache-control']).toBe('no-cache');
    const nested = await app.inject({ method: 'GET', url: '/solutions/damage-detection-modeling' });
    expect(nested.body).toBe('<h1>Damage detection, prerendered</h1>');
    for (const url of ['/map', '/login', '/solutions/unknown']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>SpanWatch</title>');
    }
  });
});

import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/client.ts';
import { testConfig } from '../../helpers/test-app.ts';

describe('robots.txt', () => {
  let app: FastifyInstance;
  let database: Database;
  let dist = '';

  // A build as Vite writes it: public/ copied as it is, beside the app shell.
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'spanwatch-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpanWatch</title>');
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

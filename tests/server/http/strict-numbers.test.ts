/**
 * Issue 37, findings 9 and 10: numbers in paths and queries are read strictly (finite,
 * decimal), so `Infinity`, `1e309` or `0x10` answer 400 naming the field instead of 500 or
 * another id; an empty ingest token header answers 401.
 */
import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe.each(drivers)('strict numbers in paths and queries on %s', (kind) => {
  const t = setupTestApp(kind);

  it.each([
    ['/api/v1/bridges/Infinity/fatigue', 'id'],
    ['/api/v1/bridges/-Infinity/fatigue', 'id'],
    ['/api/v1/bridges/1e309/maintenance', 'id'],
    ['/api/v1/bridges/0x10/fatigue', 'id'],
    ['/api/v1/bridges/1e1/inspections', 'id'],
    ['/api/v1/spans?bridge=Infinity', 'bridge'],
    ['/api/v1/spans?bridge=0x1', 'bridge'],
    ['/api/v1/audit?page=1e309', 'page'],
    ['/api/v1/audit?page=%20', 'page'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const staff = await t.createUser({ staff: true });
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(new RegExp(`\\b${field}\\b`));
  });

  it('still reads plain decimal ids and pages', async () => {
    const staff = await t.createUser({ staff: true });
    for (const url of [
      '/api/v1/bridges/999/fatigue',
      '/api/v1/audit?page=1',
      '/api/v1/spans?bridge=12',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.statusCode, url).not.toBe(400);
    }
  });

  it('answers 401 to an empty X-Ingest-Token header', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { 'x-ingest-token': '', 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });
});

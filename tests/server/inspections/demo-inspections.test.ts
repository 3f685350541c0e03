import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { DEMO_OPERATOR } from '../../../server/seed/demo-accounts.ts';
import { seedDemo } from '../../../server/seed/demo-seed.ts';
import { addDays } from '../../../domain/local-time.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

describe.each(drivers)('the demo inspections on %s', (kind) => {
  const t = setupTestApp(kind);

  it('carry a year of history with one inspection overdue and one due soon', async () => {
    const { db } = t.services.database;
    await seedDemo(db, t.services.secretBox, t.services.passwords);
    const operator = await t.services.users.findByEmail(DEMO_OPERATOR.email);
    const token = (await t.services.sessions.start(operator?.id ?? 0)).access;
    const today = new Date().toISOString().slice(0, 10);

    const calendar = await t.request<Schemas['InspectionCalendar']>({
      method: 'GET',
      url: '/api/v1/inspection-calendar',
      token,
    });
    expect(calendar.body.entries.map((e) => [e.bridge_name, e.status])).toEqual([
      ['Lions Gate Bridge', 'overdue'],
      ['Confederation Bridge', 'due'],
    ]);
    const overdue = calendar.body.entries.filter((e) => e.status === 'overdue');
    expect(overdue.map((e) => [e.bridge_name, e.kind])).toEqual([['Lions Gate Bridge', 'routine']]);

    const first = await t.request<Schemas['BridgeInspections']>({
      method: 'GET',
      url: `/api/v1/bridges/${overdue[0]?.bridge ?? 0}/inspections`,
      token,
    });
    expect(first.body.inspections.length).toBeGreaterThanOrEqual(2);
    const bridges = await t.services.bridges.list({ id: operator?.id ?? 0, isStaff: false });
    const confederation = bridges.find((b) => b.name === 'Confederation Bridge');
    const soon = await t.request<Schemas['BridgeInspections']>({
      method: 'GET',
      url: `/api/v1/bridges/${confederation?.id ?? 0}/inspections`,
      token,
    });
    expect(soon.body.schedule[0]).toMatchObject({ kind: 'routine', status: 'due' });
    expect(soon.body.schedule[0]?.next_due.localeCompare(addDays(today, 30))).toBeLessThan(1);
    const oldest = soon.body.inspections.at(-1)?.inspected_on ?? '';
    expect(oldest >= addDays(today, -366)).toBe(true);

    await t.services.alerts.checkInspectionsDue();
    const alerts = await t.request<Schemas['Alert'][]>({
      method: 'GET',
      url: '/api/v1/alerts',
      token,
    });
    expect(alerts.body.map((a) => a.type).sort()).toEqual(['Inspection due', 'Inspection overdue']);
  });
});

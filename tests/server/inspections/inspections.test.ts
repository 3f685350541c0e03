import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { analysisResults, userBridges } from '../../../server/db/schema.ts';
import { addMonths } from '../../../domain/inspection-regimes.ts';
import { addDays } from '../../../domain/local-time.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Schemas = components['schemas'];

const today = () => new Date().toISOString().slice(0, 10);
const nbi = { scale: 'NBI', deck: 7, superstructure: 6, substructure: 5 };

describe.each(drivers)('inspections on %s', (kind) => {
  const t = setupTestApp(kind);
  let token: string;
  let bridgeId: number;

  const send = <T>(method: string, url: string, body?: unknown, as = token) =>
    t.request<T>({ method, url, token: as, ...(body === undefined ? {} : { body }) });

  const record = (body: Record<string, unknown>, id = bridgeId) =>
    send<Schemas['Inspection']>('POST', `/api/v1/bridges/${id}/inspections`, {
      kind: 'routine',
      inspector: 'R. Inspector',
      rating: nbi,
      ...body,
    });

  beforeEach(async () => {
    ({ token } = await t.createUser({ staff: true, name: 'inspector' }));
    const bridge = await t.services.bridges.create({ name: 'Ambassador', location: 'Detroit' });
    bridgeId = bridge.id;
  });

  it('records an inspection with its rating and its next due date from the NBIS interval', async () => {
    const made = await record({
      inspected_on: '2025-03-31',
      findings: 'Spalling at pier 3',
      attachments: ['report-2025.pdf', ' photo-12.jpg '],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      kind: 'routine',
      rating: nbi,
      findings: 'Spalling at pier 3',
      attachments: ['report-2025.pdf', 'photo-12.jpg'],
      next_due: '2027-03-31',
    });
    const underwater = await record({ inspected_on: '2024-02-29', kind: 'underwater' });
    expect(underwater.body.next_due).toBe('2029-02-28');
    const special = await record({ inspected_on: '2025-05-01', kind: 'special' });
    expect(special.body.next_due).toBeNull();

    const listed = await send<Schemas['BridgeInspections']>(
      'GET',
      `/api/v1/bridges/${bridgeId}/inspections`,
    );
    expect(listed.body.inspections.map((i) => i.inspected_on)).toEqual([
      '2025-05-01',
      '2025-03-31',
      '2024-02-29',
    ]);
    expect(listed.body.schedule.map((s) => [s.kind, s.next_due])).toEqual([
      ['routine', '2027-03-31'],
      ['underwater', '2029-02-28'],
    ]);
    const history = await send<Schemas['AuditPage']>(
      'GET',
      `/api/v1/audit?object_type=bridge&object_id=${bridgeId}`,
    );
    expect(history.body.items.map((e) => e.record)).toContain('inspections');
  });

  it('halves the interval while the monitoring condition is Poor, and the factor is settable', async () => {
    await t.services.database.db.insert(analysisResults).values({ bridgeId, numAnomalies: 4 });
    const made = await record({ inspected_on: '2025-01-15' });
    expect(made.body.next_due).toBe('2026-01-15');
    const programme = await send<Schemas['InspectionProgramme']>(
      'PUT',
      `/api/v1/bridges/${bridgeId}/inspection-programme`,
      { regime: 'NBIS', poor_condition_factor: 0.25 },
    );
    expect(programme.body).toMatchObject({ poor_condition_factor: 0.25, stored: true });
    const listed = await send<Schemas['BridgeInspections']>(
      'GET',
      `/api/v1/bridges/${bridgeId}/inspections`,
    );
    expect(listed.body.schedule[0]).toMatchObject({
      next_due: '2025-07-15',
      shortened: true,
      condition: 'Poor',
    });
  });

  it('rates on the scale of the programme and names the field it refuses', async () => {
    const bci = await record({ inspected_on: '2025-01-15', rating: { scale: 'BCI', bci: 71.5 } });
    expect(bci).toEqual({
      status: 400,
      body: { detail: "rating.scale: the bridge's inspection programme rates on the NBI scale" },
    });
    const missing = await record({
      inspected_on: '2025-01-15',
      rating: { scale: 'NBI', deck: 7, superstructure: 6 },
    });
    expect(missing.body).toEqual({ detail: 'rating.substructure: required on the NBI scale' });
    const outOfScale = await record({ inspected_on: '2025-01-15', rating: { ...nbi, deck: 10 } });
    expect(outOfScale.status).toBe(400);
    expect(outOfScale.body).toMatchObject({ detail: expect.stringContaining('deck') });
    const future = await record({ inspected_on: addDays(today(), 2) });
    expect(future.body).toEqual({ detail: 'inspected_on: must not be in the future' });
    const blank = await record({ inspected_on: '2025-01-15', inspector: '   ' });
    expect(blank.body).toEqual({ detail: 'inspector: this field is required' });

    const osim = await send<Schemas['InspectionProgramme']>(
      'PUT',
      `/api/v1/bridges/${bridgeId}/inspection-programme`,
      { regime: 'OSIM' },
    );
    expect(osim.body).toMatchObject({
      rating_scale: 'BCI',
      intervals: { routine: 24 },
      source: expect.stringContaining('Ontario Structure Inspection Manual'),
    });
    const rated = await record({ inspected_on: '2025-01-15', rating: { scale: 'BCI', bci: 71.5 } });
    expect(rated.status).toBe(201);
    expect(rated.body.rating).toMatchObject({ scale: 'BCI', bci: 71.5, deck: null });
  });

  it('keeps preset intervals fixed and asks custom regimes for theirs', async () => {
    const url = `/api/v1/bridges/${bridgeId}/inspection-programme`;
    const fresh = await send<Schemas['InspectionProgramme']>('GET', url);
    expect(fresh.body).toMatchObject({
      regime: 'NBIS',
      stored: false,
      intervals: { routine: 24, underwater: 60, in_depth: null, special: null },
      due_lead_days: 30,
    });
    const changed = await send('PUT', url, {
      regime: 'NBIS',
      intervals: { routine: 12, in_depth: null, underwater: 60, special: null },
    });
    expect(changed.body).toEqual({
      detail:
        'intervals.routine: the NBIS preset fixes the intervals; choose custom to change them',
    });
    expect((await send('PUT', url, { regime: 'custom', rating_scale: 'NBI' })).body).toEqual({
      detail: 'intervals: required for a custom regime',
    });
    const custom = await send<Schemas['InspectionProgramme']>('PUT', url, {
      regime: 'custom',
      rating_scale: 'NBI',
      intervals: { routine: 12, in_depth: 72, underwater: null, special: null },
      due_lead_days: 45,
    });
    expect(custom.status).toBe(200);
    const made = await record({ inspected_on: '2025-01-15', kind: 'in_depth' });
    expect(made.body.next_due).toBe('2031-01-15');
  });

  it('corrects and deletes a record; only staff write, assigned users read', async () => {
    const made = await record({ inspected_on: '2025-01-15' });
    const corrected = await send<Schemas['Inspection']>(
      'PUT',
      `/api/v1/inspections/${made.body.id}`,
      { inspected_on: '2025-01-16', kind: 'routine', inspector: 'J. Doe', rating: nbi },
    );
    expect(corrected.body).toMatchObject({ inspector: 'J. Doe', next_due: '2027-01-16' });

    const user = await t.createUser();
    const asUser = (method: string, url: string, body?: unknown) =>
      send(method, url, body, user.token);
    expect((await asUser('GET', `/api/v1/bridges/${bridgeId}/inspections`)).status).toBe(404);
    await t.services.database.db.insert(userBridges).values({ userId: user.id, bridgeId });
    expect((await asUser('GET', `/api/v1/bridges/${bridgeId}/inspections`)).status).toBe(200);
    const refused = await asUser('POST', `/api/v1/bridges/${bridgeId}/inspections`, {
      inspected_on: '2025-01-15',
      kind: 'routine',
      inspector: 'X',
      rating: nbi,
    });
    expect(refused.status).toBe(403);
    expect((await asUser('DELETE', `/api/v1/inspections/${made.body.id}`)).status).toBe(403);

    expect((await send('DELETE', `/api/v1/inspections/${made.body.id}`)).status).toBe(204);
    expect((await send('DELETE', `/api/v1/inspections/${made.body.id}`)).status).toBe(404);
    expect((await record({ inspected_on: '2025-01-15' }, 999_999)).status).toBe(404);
  });

  it('lists the overdue first, then the month, for the bridges the user may see', async () => {
    const other = await t.services.bridges.create({ name: 'Blue Water', location: 'Sarnia' });
    const hidden = await t.services.bridges.create({ name: 'Hidden', location: 'Nowhere' });
    const thisMonth = today().slice(0, 7);
    const dueLater = addMonths(`${thisMonth}-28`, -24);
    await record({ inspected_on: dueLater });
    await record({ inspected_on: addMonths(today(), -30) }, other.id);
    await record({ inspected_on: addMonths(today(), -3) }, hidden.id);

    const user = await t.createUser();
    await t.services.database.db.insert(userBridges).values([
      { userId: user.id, bridgeId },
      { userId: user.id, bridgeId: other.id },
    ]);
    const calendar = await send<Schemas['InspectionCalendar']>(
      'GET',
      '/api/v1/inspection-calendar',
      undefined,
      user.token,
    );
    expect(calendar.body.month).toBe(thisMonth);
    expect(calendar.body.entries.map((e) => [e.bridge_name, e.status])).toEqual([
      ['Blue Water', 'overdue'],
      ['Ambassador', today() > `${thisMonth}-28` ? 'overdue' : 'due'],
    ]);
    const bad = await send('GET', '/api/v1/inspection-calendar?month=2025-13');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ detail: expect.stringContaining('month') });
  });

  it("raises 'Inspection due' before the date, 'Inspection overdue' after, and clears both", async () => {
    await record({ inspected_on: '2023-06-10' });
    const alerts = () => send<Schemas['Alert'][]>('GET', '/api/v1/alerts');
    await t.services.alerts.checkInspectionsDue(new Date('2025-05-01T00:00:00Z'));
    expect((await alerts()).body).toEqual([]);
    await t.services.alerts.checkInspectionsDue(new Date('2025-05-20T00:00:00Z'));
    expect((await alerts()).body).toMatchObject([
      {
        type: 'Inspection due',
        severity: 'Medium',
        message: 'Routine inspection is due on 10 June 2025',
      },
    ]);
    await t.services.alerts.checkInspectionsDue(new Date('2025-06-11T00:00:00Z'));
    expect((await alerts()).body).toMatchObject([
      {
        type: 'Inspection overdue',
        severity: 'High',
        message: 'Routine inspection is overdue since 10 June 2025',
      },
    ]);
    await record({ inspected_on: '2025-06-12' });
    await t.services.alerts.checkInspectionsDue(new Date('2025-06-13T00:00:00Z'));
    expect((await alerts()).body).toEqual([]);
  });
});

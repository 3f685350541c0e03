/**
 * Decision 053: a photo's upload is read, and its renditions made, before its audited
 * transaction opens. A phone on a slow network sends a photo for seconds; on the embedded
 * database (one connection) a transaction opened first held every other change for as long.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { jpegBytes } from '../../helpers/photo-fixtures.ts';
import { recordRoutineInspection } from '../../helpers/routine-inspection.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

vi.setConfig({ hookTimeout: 300_000 });

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([
    work,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);

describe.each(drivers)('a photo upload on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: string;
  let bridgeId: number;
  let inspectionId: number;

  beforeEach(async () => {
    ({ token: staff } = await t.createUser({ staff: true, name: 'slowphone' }));
    bridgeId = (await t.services.bridges.create({ name: 'Champlain', location: 'Montreal' })).id;
    inspectionId = await recordRoutineInspection(t, staff, bridgeId);
  });

  it('holds no transaction while its body is still arriving: another change is made meanwhile', async () => {
    const photo = jpegBytes(7, 4096);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Over a real socket: an injected request's stream is read whole before the handler runs.
    const body = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/inspections/${inspectionId}/photos`,
      headers: {
        authorization: `Bearer ${staff}`,
        'content-type': 'application/octet-stream',
        'content-length': String(photo.length),
      },
    });
    const upload = new Promise<{ statusCode: number }>((resolve, reject) => {
      body.on('response', (answer) => {
        answer.resume();
        answer.on('end', () => resolve({ statusCode: answer.statusCode ?? 0 }));
      });
      body.on('error', reject);
    });
    body.write(photo.subarray(0, 1024));
    // The handler has started reading the body once the first bytes are in.
    await new Promise((resolve) => setTimeout(resolve, 500));

    // While the phone's upload waits for its remaining bytes, someone else records an inspection.
    const otherChange = recordRoutineInspection(t, staff, bridgeId);
    const meanwhile = await within(10_000, otherChange);

    body.end(photo.subarray(1024));
    const stored = await upload;
    expect(meanwhile).not.toBe('still waiting');
    expect(stored.statusCode).toBe(201);
    await otherChange;

    // The photo's change is audited as before, under the uploader's name.
    const entries = rowsOf<{ actor_name: string; operation: string; action: string }>(
      await t.services.database.db.execute(
        sql`SELECT actor_name, operation, action FROM audit_log
            WHERE record = 'inspection_photos' ORDER BY id`,
      ),
    );
    expect(entries).toEqual([
      { actor_name: 'slowphone', operation: 'uploadInspectionPhoto', action: 'create' },
    ]);
  });
});

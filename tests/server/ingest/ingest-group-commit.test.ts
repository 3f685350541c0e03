/**
 * Issue 16, group commit: concurrent HTTP ingest requests are written together, yet each is
 * answered with its own items' outcomes, only after they are committed, and one request's bad
 * items never fail another's.
 */
import { storedBlocks } from '../../helpers/stored-blocks.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { createIngestService } from '../../../server/ingest/ingest-service.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { BASE_MS, type BlockBody, streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface IngestResult {
  accepted_samples: number;
  duplicate_samples: number;
  rejected: { index: number; stream_id: string | null; reason: string; detail: string }[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const block = (streamId: string, second: number, values = [second, second + 0.5]) => ({
  stream_id: streamId,
  start: iso(BASE_MS + second * 1000),
  rate_hz: 2,
  values,
});

describe.each(drivers)('HTTP ingest group commit on %s', (kind) => {
  // A long window, so the concurrent requests below surely share transactions.
  const t = setupTestApp(kind, { config: { ingestGroupCommitMs: 40 } });
  const db = () => t.services.database.db;

  async function post(token: string, body: BlockBody[] | unknown[]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    const parsed: unknown = response.json();
    assertMatchesContract('POST', '/api/v1/ingest', response.statusCode, parsed);
    return { status: response.statusCode, body: parsed as IngestResult };
  }

  async function stored() {
    const [row] = rowsOf<{ blocks: number | string; samples: number | string }>(
      await db().execute(
        sql`SELECT count(*) AS blocks, coalesce(sum(n), 0) AS samples FROM readings`,
      ),
    );
    const [rollup] = rowsOf<{ n: number | string }>(
      await db().execute(
        sql`SELECT coalesce(sum(n), 0) AS n FROM reading_rollups WHERE bucket_seconds = 60`,
      ),
    );
    return {
      blocks: Number(row?.blocks),
      samples: Number(row?.samples),
      rollup: Number(rollup?.n),
    };
  }

  async function setup() {
    const staff = await t.createUser({ staff: true });
    const a = await streamOnBridge(t, 'gc-a');
    const b = await streamOnBridge(t, 'gc-b');
    return { token: staff.token, a, b };
  }

  it('stores overlapping requests and their retries exactly once, reporting the resends', async () => {
    const { token, a, b } = await setup();
    // Request r holds seconds r..r+3 of both streams: neighbours overlap by three seconds, and
    // every request is sent twice at once (a gateway retrying after a timeout).
    const requests = Array.from({ length: 8 }, (_, r) =>
      [0, 1, 2, 3].flatMap((s) => [block('gc-a', r + s), block('gc-b', r + s)]),
    );
    const answers = await Promise.all([...requests, ...requests].map((body) => post(token, body)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.rejected).toEqual([]);
      expect(answer.body.accepted_samples).toBe(16);
    }
    const distinctBlocks = 2 * 11;
    const sent = answers.reduce((sum, x) => sum + x.body.accepted_samples, 0);
    const duplicates = answers.reduce((sum, x) => sum + x.body.duplicate_samples, 0);
    // Each stored sample was reported as new to exactly one request; every other copy as a resend.
    expect(sent - duplicates).toBe(distinctBlocks * 2);
    expect(duplicates).toBe(sent - distinctBlocks * 2);
    expect(await stored()).toEqual({
      blocks: distinctBlocks,
      samples: distinctBlocks * 2,
      rollup: distinctBlocks * 2,
    });
    expect((await t.services.datastreams.findById(a.stream.id))?.sampleCount).toBe(22);
    expect((await t.services.datastreams.findById(b.stream.id))?.sampleCount).toBe(22);
  });

  it('reports an item the database refuses to its own request only; the others are stored', async () => {
    const { token, a } = await setup();
    await db().execute(
      sql.raw('ALTER TABLE readings ADD CONSTRAINT test_gc_no_666 CHECK (v_max <> 666)'),
    );
    let answers: { status: number; body: IngestResult }[];
    try {
      const bodies = Array.from({ length: 6 }, (_, r) =>
        [0, 1, 2].map((s) => block('gc-a', r * 10 + s, r === 4 && s === 1 ? [666] : undefined)),
      );
      answers = await Promise.all(bodies.map((body) => post(token, body)));
    } finally {
      await db().execute(sql.raw('ALTER TABLE readings DROP CONSTRAINT test_gc_no_666'));
    }
    answers.forEach((answer, r) => {
      expect(answer.status).toBe(200);
      if (r === 4) {
        expect(answer.body.accepted_samples).toBe(4);
        expect(answer.body.rejected).toEqual([
          expect.objectContaining({ index: 1, stream_id: 'gc-a', reason: 'refused_by_database' }),
        ]);
      } else
        expect(answer.body).toMatchObject({
          accepted_samples: 6,
          duplicate_samples: 0,
          rejected: [],
        });
    });
    expect(await stored()).toEqual({ blocks: 17, samples: 34, rollup: 34 });
    expect((await t.services.datastreams.findById(a.stream.id))?.sampleCount).toBe(34);
    const letters = await t.services.deadLetters.list();
    expect(letters).toEqual([expect.objectContaining({ source: 'http', streamId: 'gc-a' })]);
    expect(JSON.parse(letters[0]?.payload ?? '')).toEqual(block('gc-a', 41, [666]));
  });

  it('answers no request whose transaction failed at commit, and stores none of it', async () => {
    const { token } = await setup();
    const acknowledged = await post(token, [block('gc-a', 0)]);
    expect(acknowledged.status).toBe(200);
    // The roll-ups are written with the COMMIT: a failure there (as a server shutting down
    // would give) rolls the whole joint transaction back.
    await db().execute(
      sql.raw(`CREATE FUNCTION test_gc_fail() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'shutting down' USING ERRCODE = '57P01'; END $$`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER test_gc_fail BEFORE INSERT ON reading_rollups
        FOR EACH ROW EXECUTE FUNCTION test_gc_fail()`),
    );
    const bodies = [1, 2, 3, 4].map((s) => [block('gc-a', s), block('gc-b', s)]);
    let failed: { status: number }[];
    try {
      failed = await Promise.all(bodies.map((body) => post(token, body)));
    } finally {
      await db().execute(sql.raw('DROP TRIGGER test_gc_fail ON reading_rollups'));
      await db().execute(sql.raw('DROP FUNCTION test_gc_fail()'));
    }
    for (const answer of failed) expect(answer.status).toBe(503);
    expect(await stored()).toEqual({ blocks: 1, samples: 2, rollup: 2 });

    // The gateways send again: everything is stored now, once, and nothing was there before.
    const retried = await Promise.all(bodies.map((body) => post(token, body)));
    for (const answer of retried) {
      expect(answer.body).toMatchObject({
        accepted_samples: 4,
        duplicate_samples: 0,
        rejected: [],
      });
    }
    expect(await stored()).toEqual({ blocks: 9, samples: 18, rollup: 18 });
  });

  it('stores each concurrent NDJSON body with its own values while their buffers are reused', async () => {
    const { token } = await setup();
    // Request r of a wave holds five seconds of gc-a with values only it sends.
    const valuesOf = (second: number) =>
      Array.from({ length: 20 }, (_, i) => (second * 100 + i) / 8 - (i % 2 ? 3 : 0));
    const bodyOf = (seconds: number[]) =>
      seconds.map((s) => JSON.stringify(block('gc-a', s, valuesOf(s)))).join('\n');
    const waves = 4;
    const perWave = 10;
    for (let wave = 0; wave < waves; wave += 1) {
      const answers = await Promise.all(
        Array.from({ length: perWave }, async (_, r) => {
          const first = (wave * perWave + r) * 5;
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/v1/ingest',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
            payload: bodyOf([first, first + 1, first + 2, first + 3, first + 4]),
          });
          return response.json<IngestResult>();
        }),
      );
      for (const answer of answers) expect(answer).toMatchObject({ accepted_samples: 100 });
    }
    const rows = await storedBlocks(db());
    expect(rows).toHaveLength(waves * perWave * 5);
    for (const row of rows) {
      const second = (Number(row.ms) - BASE_MS) / 1000;
      expect(row.values).toEqual(valuesOf(second));
    }
  });

  it('keeps what was committed when the answer is lost, and a resend reports it as duplicates', async () => {
    const { token } = await setup();
    const { readings, deadLetters } = t.services;
    // The connection drops after the COMMIT went through but before its reply was read.
    const lostReply = Object.assign(new Error('connection terminated'), {
      code: '08006',
      severity: 'FATAL',
    });
    const flaky = createIngestService(
      db(),
      {
        async store(blocks) {
          await readings.store(blocks);
          throw lostReply;
        },
      },
      deadLetters,
      { groupCommit: { windowMs: 40 } },
    );
    const lines = [1, 2, 3].map((s) => [block('gc-a', s), block('gc-b', s)]);
    const outcomes = await Promise.allSettled(
      lines.map((items) => flaky.ingest(items, { anyBridge: true })),
    );
    for (const outcome of outcomes) expect(outcome.status).toBe('rejected');
    expect((await stored()).blocks).toBe(6);

    const resent = await Promise.all(lines.map((items) => post(token, items)));
    for (const answer of resent) {
      expect(answer.body).toMatchObject({
        accepted_samples: 4,
        duplicate_samples: 4,
        rejected: [],
      });
    }
    expect(await stored()).toEqual({ blocks: 6, samples: 12, rollup: 12 });
  });
});

import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { createServices, type Services } from '../../../server/services.ts';
import { analysisJobsOf } from '../../helpers/analysis-queue.ts';
import { countLogged, logLines, troubleLogged } from '../../helpers/process-log.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import {
  buildServer,
  startMosquitto,
  startServerProcess,
  type ServerProcess,
} from '../../helpers/server-process.ts';
import { testConfig } from '../../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';
import { DAY_MS, simulatedBridge, storeData, testScenario } from '../analysis/analysis-fixtures.ts';

const MOSQUITTO_PORT = 18871;
const API_PORTS = [8127, 8128];
const INGEST_METRICS_PORTS = [9127, 9128];
const MQTT_BLOCKS = 200;
const HTTP_BLOCKS = 60;
const ANALYSIS_INTERVAL_SECONDS = 5;
/**
 * The product's default: a killed worker's job is handed back when its session ends, not when
 * the timeout expires, so no training on a loaded machine comes near it (at 90 s one expired
 * once beside the browser tests, and at 150 s the schedules' first run once did not end in 300 s).
 */
const JOB_TIMEOUT_SECONDS = 1800;
/**
 * The workers look for a dead worker's job every second and hand it back once its lock has been
 * seen free twice, six seconds apart: 6-8 s after the kill instead of the product's 10-20 s
 * (sweep 5 s, grace 10 s), the wait the killed worker's case spends. A live worker's job would
 * be handed back only if it took its lock 12 s after the queue gave it out: the schedules' case
 * checks that no job ran twice.
 */
const JOB_LIVENESS = { ANALYSIS_JOB_SWEEP_SECONDS: '1', ANALYSIS_JOB_GRACE_SECONDS: '6' };
/** The sweep and grace above hand a dead worker's job back well within this. */
const HANDED_BACK_WITHIN_MS = 60_000;
const SHUTDOWN_TIMEOUT_SECONDS = 9;
/**
 * A stopping worker hands its running job back at once (ANALYSIS_STOP_GRACE_SECONDS): the
 * stopped worker's case then needs its job only to be still running when the stop arrives, as
 * the killed worker's case does. With the product's grace (a third of SHUTDOWN_TIMEOUT_SECONDS,
 * 3 s here) the job had to outlast the grace, which took a bridge of 24 days: storing it and
 * training it twice in full (the schedules' first run, the taker) was most of this file's work.
 * A grace that expires is checked in-process (analysis/worker-stop.test.ts).
 */
const STOP_GRACE_SECONDS = 0;
const ANALYSED_PREFIXES = ['sca', 'scb'];
/** Days of history per analysed bridge, as in the analysis files: enough to train and score. */
const DAYS_STORED = [8, 8];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 14's scale-out: two processes of each role on one PostgreSQL and one broker, started
 * once for all the tests below, which run in order. The two ingest processes share the broker's
 * subscription, the two API processes answer HTTP ingest, and every sample is stored exactly
 * once whichever process took it; the two workers share the analysis queue, one of them runs the
 * schedules, and a job whose worker dies is completed by the other.
 */
describe.skipIf(!process.env.DATABASE_URL)('two processes of each role on PostgreSQL', () => {
  let testDb: TestDatabase;
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  let services: Services;
  const servers: ServerProcess[] = [];
  const workers: ServerProcess[] = [];
  const scenarios = ANALYSED_PREFIXES.map((prefix) => testScenario(prefix));
  const analysed: Awaited<ReturnType<typeof simulatedBridge>>[] = [];
  let start: (env: NodeJS.ProcessEnv) => Promise<ServerProcess>;
  const startWorker = () =>
    start({
      ROLES: 'worker',
      // Info: the lines that say who leads the schedules and which worker runs which job.
      LOG_LEVEL: 'info',
      ANALYSIS_INTERVAL_SECONDS: String(ANALYSIS_INTERVAL_SECONDS),
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
      ANALYSIS_STOP_GRACE_SECONDS: String(STOP_GRACE_SECONDS),
    });
  const running = () => servers.filter(({ child }) => child.exitCode === null && !child.signalCode);
  const runningWorkers = () => workers.filter((worker) => running().includes(worker));
  const evaluatedAt = async (id: number) =>
    (await services.analysis.findResult(id))?.evaluatedAt?.getTime() ?? 0;
  /** Queues a retraining of `id` and waits until the worker `holderOf` finds is training it. */
  async function retrainingHeld<T>(id: number, holderOf: () => T | undefined) {
    // What POST /bridges/{id}/analysis with retrain does: a job that trains from scratch.
    await services.analysisJobs.enqueue(id, { retrain: true });
    await expect.poll(holderOf, { timeout: 300_000, interval: 100 }).toBeDefined();
    await expect
      .poll(async () => (await services.analysis.findResult(id))?.state, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe('training');
    return holderOf();
  }

  /**
   * The worker stores its result before the queue marks the job done, so the job's row may
   * still say 'active' for a moment after the evaluation shows.
   */
  async function lastJobCompletedOnRetry(id: number) {
    await expect
      .poll(async () => (await analysisJobsOf(testDb.database.db, id)).at(-1), {
        timeout: 30_000,
        interval: 200,
      })
      .toEqual({ retrain: true, state: 'completed', retryCount: 1 });
  }

  beforeAll(async () => {
    buildServer();
    testDb = await createTestDatabase('postgres');
    broker = await startMosquitto(MOSQUITTO_PORT);
    // The queue takes its job timeout from whoever queues: the same setting as the processes.
    services = createServices(
      { ...testConfig, analysisJobTimeoutSeconds: JOB_TIMEOUT_SECONDS },
      testDb.database,
    );
    const common = {
      DATABASE_URL: testDb.url ?? '',
      MQTT_URL: broker.url,
      MQTT_GROUP: 'scale-out-test',
      JWT_SECRET: testConfig.jwtSecret,
      DATA_ENCRYPTION_KEY: testConfig.dataEncryptionKey,
      ANALYSIS_JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
      ...JOB_LIVENESS,
    };
    start = async (env: NodeJS.ProcessEnv) => {
      const server = await startServerProcess({ ...common, ...env });
      servers.push(server);
      if (env.ROLES === 'worker') workers.push(server);
      return server;
    };
    // Started together, as an orchestrator would: migrations run once under their lock. The API
    // and ingest processes start while the bridges are stored (each start is seconds of another
    // process's CPU beside this one's simulation); the workers only after, so that the
    // schedules' first run finds all of each bridge's data. Every start is awaited before a
    // failure is thrown, so afterAll stops every process that did start.
    const frontStarts = Promise.allSettled([
      ...API_PORTS.map((port) => start({ ROLES: 'api', PORT: String(port) })),
      ...INGEST_METRICS_PORTS.map((port) =>
        start({
          ROLES: 'ingest',
          MQTT_CLIENT_ID: `scale-ingest-${port}`,
          METRICS_PORT: String(port),
        }),
      ),
    ]);
    const stored = (async () => {
      for (const [i, scenario] of scenarios.entries()) {
        analysed.push(
          await simulatedBridge(services, {
            name: `Scale Bridge ${i + 1}`,
            scenario,
            days: DAYS_STORED[i] ?? 8,
          }),
        );
      }
    })();
    const [storing] = await Promise.allSettled([stored]);
    const starts = await frontStarts;
    if (storing.status === 'rejected') throw storing.reason;
    starts.push(...(await Promise.allSettled([1, 2].map(startWorker))));
    const failed = starts.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await services?.analysisJobs.stop();
    await broker?.stop();
    await testDb?.drop();
  });

  it('stores every MQTT and HTTP sample once, whichever process took it', async () => {
    const viaHttp = await streamOnBridge({ services }, 'scale-http');
    const viaMqtt = await streamOnBridge({ services }, 'scale-mqtt');
    const { token } = await services.ingestTokens.create(viaHttp.bridge.id, 'gateway');
    for (const port of API_PORTS) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/v1/ready`);
      expect(ready.status).toBe(200);
    }

    // HTTP: blocks spread over both API processes, then every block sent again to the other.
    const httpBlocks = sineBlocks('scale-http', BASE_MS, HTTP_BLOCKS);
    const post = (port: number, block: (typeof httpBlocks)[number]) =>
      fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify([block]),
      });
    const first = await Promise.all(
      httpBlocks.map((block, i) => post(API_PORTS[i % 2] ?? 0, block)),
    );
    expect(first.map((response) => response.status).every((status) => status < 300)).toBe(true);
    const resent = await Promise.all(
      httpBlocks.map((block, i) => post(API_PORTS[(i + 1) % 2] ?? 0, block)),
    );
    expect(resent.every((response) => response.status < 300)).toBe(true);

    // MQTT: QoS 1 blocks; the broker splits them between the two ingest processes.
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const mqttBlocks = sineBlocks('scale-mqtt', BASE_MS, MQTT_BLOCKS);
    for (const block of mqttBlocks) {
      await publisher.publishAsync(
        `spanwatch/${viaMqtt.bridge.id}/scale-mqtt`,
        JSON.stringify(block),
        { qos: 1 },
      );
    }
    await publisher.endAsync();

    const samples = async (id: number) => {
      const [row] = rowsOf<{ sample_count: number | string }>(
        await testDb.database.db.execute(
          sql`select sample_count from datastreams where id = ${id}`,
        ),
      );
      return Number(row?.sample_count ?? 0);
    };
    await expect
      .poll(() => samples(viaMqtt.stream.id), { timeout: 60_000, interval: 250 })
      .toBe(MQTT_BLOCKS * 100);
    expect(await samples(viaHttp.stream.id)).toBe(HTTP_BLOCKS * 100);

    const blockCounts = rowsOf<{ datastream_id: number; blocks: number | string }>(
      await testDb.database.db.execute(
        sql`select datastream_id, count(*) as blocks, count(distinct start) as starts
            from readings where datastream_id in (${viaHttp.stream.id}, ${viaMqtt.stream.id})
            group by datastream_id`,
      ),
    );
    const byStream = new Map(blockCounts.map((row) => [row.datastream_id, Number(row.blocks)]));
    expect(byStream.get(viaHttp.stream.id)).toBe(HTTP_BLOCKS);
    expect(byStream.get(viaMqtt.stream.id)).toBe(MQTT_BLOCKS);

    // The shared subscription split the messages: each ingest process stored a part, and the
    // parts add up to the whole (two plain subscribers would each have stored everything).
    const storedBy = await Promise.all(
      INGEST_METRICS_PORTS.map(async (port) => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const line = text
          .split('\n')
          .find((l) => l.startsWith('spanwatch_ingest_samples_total{outcome="stored"}'));
        return Number(line?.split(' ').at(-1) ?? 0);
      }),
    );
    expect(
      storedBy.every((stored) => stored > 0),
      String(storedBy),
    ).toBe(true);
    expect(storedBy.reduce((a, b) => a + b, 0)).toBe(MQTT_BLOCKS * 100);

    // These two bridges can never be ready (a few seconds of one stream): left in place, the
    // schedules queued both at every run (5 s here), and the workers analysed them 26 times
    // through the tests below (one run), beside the trainings those tests wait for.
    for (const { bridge } of [viaHttp, viaMqtt]) {
      expect(await services.bridges.delete(bridge.id, true)).toBe(true);
    }
  }, 120_000);

  it('analyses each bridge once per run of the schedules, which one worker leads', async () => {
    const ids = analysed.map(({ bridge }) => bridge.id);
    const allEvaluatedAfter = async (times: number[]) => {
      const now = await Promise.all(ids.map(evaluatedAt));
      return now.every((time, i) => time > (times[i] ?? 0));
    };
    // First run: the leader's run at its start found both bridges' eight days. Alone it takes
    // about 40 s; beside the browser suite on two cores 195 s, and once over 420 s in CI
    // (2026-11-29), so the waits below are generous: they bound a hang, not a speed.
    await expect
      .poll(() => allEvaluatedAfter([0, 0]), { timeout: 900_000, interval: 500 })
      .toBe(true);
    const firstRun = await Promise.all(ids.map(evaluatedAt));

    // Second run: a day more of data on each bridge.
    for (const [i, { to }] of analysed.entries()) {
      const scenario = scenarios[i];
      if (scenario) await storeData(services, scenario, to, to + DAY_MS);
    }
    await expect
      .poll(() => allEvaluatedAfter(firstRun), { timeout: 480_000, interval: 500 })
      .toBe(true);
    // Later runs find nothing new, and so queue nothing.
    await sleep(3 * ANALYSIS_INTERVAL_SECONDS * 1000);

    for (const id of ids) {
      const done = { retrain: false, state: 'completed', retryCount: 0 };
      // A job tried twice says why in the workers' warnings and errors.
      const trouble = workers.map((w) => troubleLogged(w.output())).join('\n');
      expect(await analysisJobsOf(testDb.database.db, id), `bridge ${id}\n${trouble}`).toEqual([
        done,
        done,
      ]);
      const started = workers.map((w) => countLogged(w.output(), 'Analysis started', id));
      expect(
        started.reduce((a, b) => a + b, 0),
        `bridge ${id}: ${String(started)}`,
      ).toBe(2);
    }
    const leaders = workers.filter((worker) =>
      logLines(worker.output()).some((line) => line.msg === 'This process runs the schedules'),
    );
    expect(leaders).toHaveLength(1);
  }, 1_500_000);

  it('a worker killed mid-job leaves the job to the other, which completes it', async () => {
    const id = analysed[0]?.bridge.id ?? 0;
    const before = await evaluatedAt(id);
    const holder = await retrainingHeld(id, () =>
      workers.find((worker) => countLogged(worker.output(), 'Analysis started', id, true) > 0),
    );
    const survivor = workers.find((worker) => worker !== holder);
    expect(await holder?.stop('SIGKILL')).toBeNull();
    const killedAt = Date.now();

    // The dead worker's session freed the job's lock: a sweep hands it back and the survivor
    // trains anew, long before the 30-minute timeout.
    await expect
      .poll(() => countLogged(survivor?.output() ?? '', 'Analysis started', id, true), {
        timeout: HANDED_BACK_WITHIN_MS,
        interval: 250,
      })
      .toBe(1);
    expect(Date.now() - killedAt).toBeLessThan(HANDED_BACK_WITHIN_MS);
    await expect
      .poll(() => evaluatedAt(id), { timeout: 600_000, interval: 500 })
      .toBeGreaterThan(before);
    await expect
      .poll(async () => (await services.analysis.findResult(id))?.state, { timeout: 30_000 })
      .toBe('idle');
    await lastJobCompletedOnRetry(id);
    await expect
      .poll(() => countLogged(survivor?.output() ?? '', 'Analysis completed', id, true), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(1);
    // The dead leader's session lock went with it: the survivor runs the schedules now.
    expect(logLines(survivor?.output() ?? '').map((line) => line.msg)).toContain(
      'This process runs the schedules',
    );
  }, 900_000);

  it('a worker stopped mid-job hands the job back, and the other takes it at once', async () => {
    await startWorker(); // as an orchestrator replaces the killed one
    const id = analysed[1]?.bridge.id ?? 0;
    const before = await evaluatedAt(id);
    const startedOn = (worker: ServerProcess) =>
      logLines(worker.output()).find(
        (line) => line.msg === 'Analysis started' && line.bridgeId === id && line.retrain,
      )?.time;
    const holder = await retrainingHeld(id, () =>
      runningWorkers().find((worker) => startedOn(worker) !== undefined),
    );
    const taker = runningWorkers().find((worker) => worker !== holder);
    expect(await holder?.stop('SIGTERM'), holder?.output()).toBe(0);
    const handedBackAt = Date.now();
    expect(
      countLogged(holder?.output() ?? '', 'Analysis handed back: the worker is stopping', id),
    ).toBe(1);

    await expect
      .poll(() => evaluatedAt(id), { timeout: 600_000, interval: 500 })
      .toBeGreaterThan(before);
    await lastJobCompletedOnRetry(id);
    // The result is stored before the worker logs the job done: on a loaded machine the line
    // came after the evaluation showed (CI, 2026-11-29).
    await expect
      .poll(() => countLogged(taker?.output() ?? '', 'Analysis completed', id, true), {
        timeout: 30_000,
        interval: 200,
      })
      .toBe(1);
    // At once: taken from the queue within a few polls, not when the job timeout expires it.
    const takenAfter = (taker ? (startedOn(taker) ?? 0) : 0) - handedBackAt;
    expect(takenAfter).toBeLessThan(HANDED_BACK_WITHIN_MS);
  }, 900_000);

  it('every process still running stops cleanly on SIGTERM', async () => {
    // Both API and ingest processes and one worker: the other two were killed and stopped.
    expect(running()).toHaveLength(API_PORTS.length + INGEST_METRICS_PORTS.length + 1);
    for (const server of running()) {
      expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    }
  }, 120_000);
});

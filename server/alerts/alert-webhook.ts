import { and, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alerts } from '../db/schema.ts';
import { markWebhookDelivered, markWebhookEscalated } from './alert-store.ts';
import { escalationBody, type WebhookEscalation } from './webhook-escalations.ts';
import type { AlertsRepository } from './alerts-repository.ts';

/** 1 s, 2 s, 4 s, 8 s between the five tries. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000];
export const ATTEMPT_TIMEOUT_MS = 10_000;

export interface AlertWebhookOptions {
  db: Db;
  repository: AlertsRepository;
  url: string;
  /** The wait before each retry; the number of tries is one more than its length. */
  retryDelaysMs?: readonly number[];
  attemptTimeoutMs?: number;
  log?: (message: string) => void;
}

export interface AlertWebhook {
  /** Starts delivering these newly raised alerts in the background; never waits for them. */
  enqueue(alertIds: number[]): void;
  /** Starts posting these escalations (event 'escalated' with the tier); never waits for them. */
  escalated(steps: readonly WebhookEscalation[]): void;
  /** Queues every open alert not yet delivered (those a restart interrupted or that gave up). */
  deliverPending(): Promise<void>;
  /** Resolves once nothing is being delivered (tests). */
  idle(): Promise<void>;
  /** Stops retrying; what is undelivered is picked up by deliverPending after the next start. */
  stop(): Promise<void>;
}

/** POSTs one alert's JSON; null on a 2xx, otherwise what went wrong. */
export async function postAlert(
  url: string,
  body: string,
  timeoutMs: number,
): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.ok ? null : `HTTP ${response.status}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function markDelivered(db: Db, alertId: number): Promise<void> {
  return markWebhookDelivered(db, alertId, new Date());
}

/** Open alerts not yet delivered (a restart interrupted them, or they gave up). */
export async function undeliveredAlertIds(db: Db): Promise<number[]> {
  const pending = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(isNull(alerts.webhookDeliveredAt), ne(alerts.state, 'cleared')))
    .orderBy(alerts.id);
  return pending.map((row) => row.id);
}

/**
 * POSTs each new alert as JSON (the contract's Alert plus `event: 'raised'`) and retries with
 * exponential backoff until a 2xx. Delivery is at least once: a receiver dedupes by `id`.
 */
export function createAlertWebhook(options: AlertWebhookOptions): AlertWebhook {
  const { db, url } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const log = options.log ?? (() => undefined);
  const { repository } = options;
  const inFlight = new Map<number, Promise<void>>();
  const waits = new Set<() => void>();
  let stopped = false;

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waits.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waits.add(done);
    });
  }

  async function deliver(alertId: number): Promise<void> {
    const [alert] = await repository.findDtos([alertId]);
    if (!alert) return;
    const body = JSON.stringify({ event: 'raised', ...alert });
    for (let attempt = 0; !stopped; attempt += 1) {
      const failure = await postAlert(url, body, timeoutMs);
      if (failure === null) {
        await markDelivered(db, alertId);
        return;
      }
      const delay = delays[attempt];
      if (delay === undefined) {
        log(`Alert ${alertId}: webhook gave up after ${attempt + 1} tries (${failure})`);
        return;
      }
      log(`Alert ${alertId}: webhook try ${attempt + 1} failed (${failure}); retrying`);
      await wait(delay);
    }
  }

  /** One escalation, tried as a raise is; the next look asks again if every try failed. */
  async function deliverEscalation({ alertId, tier }: WebhookEscalation): Promise<void> {
    const [alert] = await repository.findDtos([alertId]);
    if (!alert) return;
    const body = escalationBody(alert, tier);
    for (let attempt = 0; !stopped; attempt += 1) {
      const failure = await postAlert(url, body, timeoutMs);
      if (failure === null) {
        await markWebhookEscalated(db, alertId, tier);
        return;
      }
      const delay = delays[attempt];
      if (delay === undefined) {
        log(`Alert ${alertId}: webhook of tier ${tier} gave up (${failure})`);
        return;
      }
      await wait(delay);
    }
  }
  const escalating = new Map<string, Promise<void>>();

  function enqueue(alertIds: number[]): void {
    for (const id of alertIds) {
      if (stopped || inFlight.has(id)) continue;
      const running = deliver(id)
        .catch((error: unknown) => log(`Alert ${id}: webhook delivery failed: ${String(error)}`))
        .finally(() => inFlight.delete(id));
      inFlight.set(id, running);
    }
  }

  return {
    enqueue,
    escalated(steps) {
      for (const step of steps) {
        const key = `${step.alertId}:${step.tier}`;
        if (stopped || escalating.has(key)) continue;
        const running = deliverEscalation(step)
          .catch((error: unknown) => log(`Alert ${step.alertId}: webhook failed: ${String(error)}`))
          .finally(() => escalating.delete(key));
        escalating.set(key, running);
      }
    },
    async deliverPending() {
      enqueue(await undeliveredAlertIds(db));
    },
    async idle() {
      while (inFlight.size + escalating.size > 0) {
        await Promise.all([...inFlight.values(), ...escalating.values()]);
      }
    },
    async stop() {
      stopped = true;
      for (const release of [...waits]) release();
      await Promise.all([...inFlight.values(), ...escalating.values()]);
    },
  };
}

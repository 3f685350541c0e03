// The figures of `npm run bench:notify`: each message the SMTP server accepted matched to its
// alert by the Message-ID the product gives every notification
// (`<alert-{id}.tier-{t}.user-{u}.email@host>`, server/alerts/alert-email.ts).
import type { ReceivedMail } from '../helpers/smtp-receiver.ts';
import { percentile } from './bench-stats.ts';

export interface RaisedAlert {
  id: number;
  type: string;
  /** When the product raised it (the alert's raised_at), ms since the epoch. */
  raisedAt: number;
}

export interface NotifyFigures {
  alerts: number;
  /** Alerts by type (the bench's readings should raise 'Limit exceeded' alone). */
  types: Map<string, number>;
  /** The first to the last raise, seconds. */
  raiseSpanSeconds: number;
  expected: number;
  received: number;
  /** Expected notifications (alert, tier 1, recipient) never accepted by the SMTP server. */
  lost: number;
  /** Notifications accepted more than once (same alert, tier, recipient). */
  duplicated: number;
  /** Raise → accepted, ms, per first acceptance of each notification. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Messages of no bench alert (the demo's own alerts, for instance): left out of the above. */
  other: number;
}

const MESSAGE_ID = /^<alert-(\d+)\.tier-(\d+)\.user-(\d+)\.email(?:\.reminder-\d+)?@/;

/** Matches what was received to the raised alerts, each of which has `perAlert` recipients. */
export function notifyFigures(
  alerts: readonly RaisedAlert[],
  mails: readonly ReceivedMail[],
  perAlert: number,
): NotifyFigures {
  const byId = new Map(alerts.map((alert) => [alert.id, alert]));
  const firstAccepted = new Map<string, number>();
  let duplicated = 0;
  let other = 0;
  let received = 0;
  for (const mail of mails) {
    const match = MESSAGE_ID.exec(mail.headers.get('message-id') ?? '');
    const alert = match ? byId.get(Number(match[1])) : undefined;
    if (!match || !alert) {
      other += 1;
      continue;
    }
    received += 1;
    const key = `${match[1]}/${match[2]}/${match[3]}`;
    if (firstAccepted.has(key)) duplicated += 1;
    else firstAccepted.set(key, mail.receivedAt - alert.raisedAt);
  }
  const latencies = [...firstAccepted.values()].sort((a, b) => a - b);
  const expected = alerts.length * perAlert;
  const raised = alerts.map((alert) => alert.raisedAt);
  const types = new Map<string, number>();
  for (const alert of alerts) types.set(alert.type, (types.get(alert.type) ?? 0) + 1);
  return {
    alerts: alerts.length,
    types,
    raiseSpanSeconds: raised.length ? (Math.max(...raised) - Math.min(...raised)) / 1000 : NaN,
    expected,
    received,
    lost: Math.max(0, expected - firstAccepted.size),
    duplicated,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    other,
  };
}

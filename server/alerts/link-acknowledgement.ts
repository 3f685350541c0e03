import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertLinkUses } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import type { Viewer } from '../repositories/visibility.ts';
import { type AckLinkClaims, readAckLink } from './ack-link.ts';
import type { AlertDto, AlertsRepository } from './alerts-repository.ts';

const toDashboard = "acknowledge the alert from its bridge's dashboard";
const utc = (at: Date | string) =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Acknowledging through the signed link of an alert email (issue 32): for the signed-in user it
 * was sent to, once, until it expires. Every refusal names the `token` field and says what to do.
 */
export function createLinkAcknowledgement(
  db: Db,
  repository: Pick<AlertsRepository, 'findVisibleDto' | 'acknowledge'>,
  key: Buffer,
) {
  async function check(
    viewer: Viewer,
    token: string,
    now: Date,
  ): Promise<{ claims: AckLinkClaims; alert: AlertDto }> {
    const reading = readAckLink(key, token, now);
    if (reading.kind === 'tampered') {
      throw new HttpError(
        400,
        `token: this acknowledge link is not valid (it was altered or cut short); ${toDashboard}`,
      );
    }
    if (reading.kind === 'expired') {
      throw new HttpError(
        410,
        `token: this acknowledge link expired at ${utc(reading.claims.expiresAt)}; ${toDashboard}`,
      );
    }
    const { claims } = reading;
    if (claims.userId !== viewer.id) {
      throw new HttpError(
        403,
        `token: this acknowledge link was sent to another user; sign in as its recipient or ${toDashboard}`,
      );
    }
    const alert = await repository.findVisibleDto(viewer, claims.alertId);
    if (!alert) throw new HttpError(404, `Alert ${claims.alertId} not found`);
    const [used] = await db
      .select()
      .from(alertLinkUses)
      .where(eq(alertLinkUses.nonce, claims.nonce));
    if (used) {
      throw new HttpError(
        409,
        `token: this acknowledge link has already been used (at ${utc(used.usedAt)})`,
      );
    }
    if (alert.state === 'cleared') {
      throw new HttpError(
        409,
        `token: alert ${alert.id} is cleared; only an active alert can be acknowledged`,
      );
    }
    if (alert.state === 'acknowledged') {
      const by = alert.acknowledged_by ? ` by ${alert.acknowledged_by.username}` : '';
      const at = alert.acknowledged_at ? ` at ${utc(alert.acknowledged_at)}` : '';
      throw new HttpError(409, `token: alert ${alert.id} was already acknowledged${by}${at}`);
    }
    return { claims, alert };
  }

  return {
    async read(viewer: Viewer, token: string, now: Date) {
      const { claims, alert } = await check(viewer, token, now);
      return { alert, expires_at: claims.expiresAt.toISOString() };
    },

    async acknowledge(viewer: Viewer, token: string, comment: string, now: Date) {
      const { claims } = await check(viewer, token, now);
      // The alert's state guards a race of two openings: one acknowledges, the other gets 409.
      const acknowledged = await repository.acknowledge(viewer, claims.alertId, comment, now);
      await db
        .insert(alertLinkUses)
        .values({ nonce: claims.nonce, alertId: claims.alertId, userId: viewer.id, usedAt: now })
        .onConflictDoNothing();
      return acknowledged;
    },
  };
}

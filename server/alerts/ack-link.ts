import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed acknowledge link stands for: one email's recipient and alert, until it expires. */
export interface AckLinkClaims {
  alertId: number;
  userId: number;
  /** The delivery's key: the link's identity, used once (the alert_link_uses table). */
  nonce: string;
  expiresAt: Date;
}

/** How long a link in an email acknowledges; each reminder carries a fresh one. */
export const ACK_LINK_TTL_MS = 72 * 60 * 60 * 1000;

/** A key of its own, derived from the server's secret, so a link can never pass as a session. */
export const ackLinkKey = (serverSecret: string): Buffer =>
  createHmac('sha256', serverSecret).update('spanwatch alert acknowledge link v1').digest();

const signature = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export function signAckLink(key: Buffer, claims: AckLinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      a: claims.alertId,
      u: claims.userId,
      n: claims.nonce,
      e: Math.floor(claims.expiresAt.getTime() / 1000),
    }),
  ).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

export type AckLinkReading =
  | { kind: 'valid'; claims: AckLinkClaims }
  | { kind: 'tampered' }
  | { kind: 'expired'; claims: AckLinkClaims };

/** Checks the signature before reading anything the link says. */
export function readAckLink(key: Buffer, token: string, now: Date): AckLinkReading {
  const [payload, given, extra] = token.split('.');
  if (!payload || !given || extra !== undefined) return { kind: 'tampered' };
  const expected = Buffer.from(signature(key, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { kind: 'tampered' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { kind: 'tampered' };
  }
  const fields = raw as { a?: unknown; u?: unknown; n?: unknown; e?: unknown };
  if (
    !Number.isInteger(fields.a) ||
    !Number.isInteger(fields.u) ||
    typeof fields.n !== 'string' ||
    !Number.isInteger(fields.e)
  ) {
    return { kind: 'tampered' };
  }
  const claims: AckLinkClaims = {
    alertId: fields.a as number,
    userId: fields.u as number,
    nonce: fields.n,
    expiresAt: new Date((fields.e as number) * 1000),
  };
  return claims.expiresAt <= now ? { kind: 'expired', claims } : { kind: 'valid', claims };
}

/** The SPA page that opens the link (src/routes/acknowledge.tsx). */
export const ackLinkUrl = (publicUrl: string, token: string): string =>
  new URL(`/acknowledge?token=${encodeURIComponent(token)}`, publicUrl).toString();

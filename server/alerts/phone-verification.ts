import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { phoneVerifications, users } from '../db/schema.ts';
import type { SmsProvider } from './sms-provider.ts';

/** How long a texted code proves the number (decision 050). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed per texted code; then a new code must be requested. */
export const MAX_CODE_ATTEMPTS = 5;
/** A new code is texted at most once a minute, so the form cannot be used to flood a phone. */
export const RESEND_AFTER_MS = 60 * 1000;

export type RequestOutcome =
  | { kind: 'sent'; phone: string; expiresAt: Date }
  | { kind: 'no-provider' }
  | { kind: 'too-soon'; retryAfterSeconds: number }
  | { kind: 'not-sent'; reason: string };

export type VerifyOutcome =
  | { kind: 'verified'; phone: string }
  | { kind: 'none' }
  | { kind: 'expired'; expiredAt: Date }
  | { kind: 'used-up' }
  | { kind: 'wrong'; attemptsLeft: number };

/** The stored form of a texted code: an HMAC under a key of its own, derived from the secret. */
export function codeHashOf(
  serverSecret: string,
  { userId, phone, code }: { userId: number; phone: string; code: string },
): string {
  const key = createHmac('sha256', serverSecret)
    .update('spanwatch phone verification code v1')
    .digest();
  return createHmac('sha256', key).update(`${userId}:${phone}:${code}`).digest('base64url');
}

/**
 * Proves that a phone number is the user's before any alert is texted to it: a 6-digit code is
 * texted through the SMS provider, kept only as an HMAC under a key derived from the server's
 * secret (a stolen table does not give the codes away: 10^6 codes are cheap to try against a
 * plain hash, not against an unknown key), valid for 10 minutes and for 5 wrong tries.
 */
export function createPhoneVerification(
  db: Db,
  options: { provider: SmsProvider | undefined; serverSecret: string },
) {
  const hashOf = (userId: number, phone: string, code: string) =>
    codeHashOf(options.serverSecret, { userId, phone, code });

  return {
    available: options.provider !== undefined,

    async request(userId: number, phone: string, now: Date): Promise<RequestOutcome> {
      const { provider } = options;
      if (!provider) return { kind: 'no-provider' };
      const [previous] = await db
        .select({ createdAt: phoneVerifications.createdAt })
        .from(phoneVerifications)
        .where(eq(phoneVerifications.userId, userId));
      const wait = previous ? previous.createdAt.getTime() + RESEND_AFTER_MS - now.getTime() : 0;
      if (wait > 0) return { kind: 'too-soon', retryAfterSeconds: Math.ceil(wait / 1000) };
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
      const values = {
        phone,
        codeHash: hashOf(userId, phone, code),
        expiresAt,
        attempts: 0,
        createdAt: now,
      };
      await db
        .insert(phoneVerifications)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: phoneVerifications.userId, set: values });
      try {
        await provider.send(
          phone,
          `Your SpanWatch verification code is ${code}. It expires in 10 minutes.`,
        );
      } catch (error) {
        // Not sent: let the user ask again at once rather than wait for a code that never came.
        await db.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
        return { kind: 'not-sent', reason: error instanceof Error ? error.message : String(error) };
      }
      return { kind: 'sent', phone, expiresAt };
    },

    async verify(userId: number, code: string, now: Date): Promise<VerifyOutcome> {
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .select()
          .from(phoneVerifications)
          .where(eq(phoneVerifications.userId, userId))
          .for('update');
        if (!pending) return { kind: 'none' };
        if (pending.expiresAt <= now) return { kind: 'expired', expiredAt: pending.expiresAt };
        if (pending.attempts >= MAX_CODE_ATTEMPTS) return { kind: 'used-up' };
        const given = Buffer.from(hashOf(userId, pending.phone, code));
        const stored = Buffer.from(pending.codeHash);
        if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
          const attempts = pending.attempts + 1;
          await tx
            .update(phoneVerifications)
            .set({ attempts })
            .where(eq(phoneVerifications.userId, userId));
          return attempts >= MAX_CODE_ATTEMPTS
            ? { kind: 'used-up' }
            : { kind: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - attempts };
        }
        await tx
          .update(users)
          .set({ phone: pending.phone, phoneVerifiedAt: now })
          .where(eq(users.id, userId));
        await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
        return { kind: 'verified', phone: pending.phone };
      });
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;

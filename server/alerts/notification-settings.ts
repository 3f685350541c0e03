import { eq } from 'drizzle-orm';
import type { QuietHours } from '../../domain/quiet-hours.ts';
import type { Db } from '../db/client.ts';
import { notificationSettings, phoneVerifications, users } from '../db/schema.ts';

/** A user's own choices for alert notifications (decision 050). */
export interface NotificationChoices {
  email: boolean;
  sms: boolean;
  inApp: boolean;
  quietHours: QuietHours | null;
}

export interface NotificationSettingsView extends NotificationChoices {
  /** The number texts go to once verified; null: none. */
  phone: string | null;
  phoneVerified: boolean;
  /** A number waiting for its code, and until when the code is valid. */
  pendingPhone: { phone: string; expiresAt: Date } | null;
}

/** Without a row: every channel on, no quiet hours (as before decision 050). */
export const DEFAULT_CHOICES: NotificationChoices = {
  email: true,
  sms: true,
  inApp: true,
  quietHours: null,
};

type SettingsRow = typeof notificationSettings.$inferSelect;

export function choicesOf(row: SettingsRow | null | undefined): NotificationChoices {
  if (!row) return DEFAULT_CHOICES;
  const { quietStart, quietEnd, quietTimeZone } = row;
  return {
    email: row.email,
    sms: row.sms,
    inApp: row.inApp,
    quietHours:
      quietStart !== null && quietEnd !== null && quietTimeZone !== null
        ? { start: quietStart, end: quietEnd, timeZone: quietTimeZone }
        : null,
  };
}

/** Reads and writes the signed-in user's own notification settings. */
export function createNotificationSettings(db: Db) {
  const view = async (userId: number, now: Date): Promise<NotificationSettingsView | null> => {
    const [row] = await db
      .select({
        phone: users.phone,
        phoneVerifiedAt: users.phoneVerifiedAt,
        settings: notificationSettings,
        pending: phoneVerifications,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .leftJoin(phoneVerifications, eq(phoneVerifications.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) return null;
    const pending = row.pending && row.pending.expiresAt > now ? row.pending : null;
    return {
      ...choicesOf(row.settings),
      phone: row.phone,
      phoneVerified: row.phone !== null && row.phoneVerifiedAt !== null,
      pendingPhone: pending ? { phone: pending.phone, expiresAt: pending.expiresAt } : null,
    };
  };

  return {
    view,

    async save(userId: number, choices: NotificationChoices, now: Date): Promise<void> {
      const values = {
        email: choices.email,
        sms: choices.sms,
        inApp: choices.inApp,
        quietStart: choices.quietHours?.start ?? null,
        quietEnd: choices.quietHours?.end ?? null,
        quietTimeZone: choices.quietHours?.timeZone ?? null,
        updatedAt: now,
      };
      await db
        .insert(notificationSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
    },
  };
}

export type NotificationSettings = ReturnType<typeof createNotificationSettings>;

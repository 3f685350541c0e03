import { quietHoursProblem } from '../../domain/quiet-hours.ts';
import type { NotificationSettingsView } from '../alerts/notification-settings.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { HttpError } from '../http-error.ts';
import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { phoneOf } from './phone-field.ts';

function dtoOf(
  view: NotificationSettingsView,
  smsAvailable: boolean,
): Schemas['NotificationSettings'] {
  return {
    email: view.email,
    sms: view.sms,
    in_app: view.inApp,
    quiet_hours: view.quietHours
      ? {
          start: view.quietHours.start,
          end: view.quietHours.end,
          time_zone: view.quietHours.timeZone,
        }
      : null,
    phone: view.phone,
    phone_verified: view.phoneVerified,
    pending_phone: view.pendingPhone
      ? { phone: view.pendingPhone.phone, expires_at: view.pendingPhone.expiresAt.toISOString() }
      : null,
    sms_available: smsAvailable,
  };
}

/** The signed-in user's own notification settings and phone verification (decision 050). */
export function notificationSettingsHandlers(
  services: Pick<RouteServices, 'notificationSettings' | 'phoneVerification'>,
): Handlers<
  | 'getNotificationSettings'
  | 'updateNotificationSettings'
  | 'requestPhoneVerification'
  | 'verifyPhone'
> {
  const { notificationSettings, phoneVerification } = services;
  const current = async (userId: number) => {
    const view = await notificationSettings.view(userId, new Date());
    if (!view) throw new HttpError(401, 'The signed-in user no longer exists');
    return dtoOf(view, phoneVerification.available);
  };

  return {
    getNotificationSettings: (request) => current(viewerOf(request).id),

    async updateNotificationSettings(request) {
      const { id } = viewerOf(request);
      const { quiet_hours: quiet } = request.body;
      const quietHours = quiet
        ? { start: quiet.start, end: quiet.end, timeZone: quiet.time_zone }
        : null;
      const problem = quietHours ? quietHoursProblem(quietHours) : null;
      if (problem) throw new HttpError(400, problem);
      const { email, sms, in_app: inApp } = request.body;
      await notificationSettings.save(id, { email, sms, inApp, quietHours }, new Date());
      return current(id);
    },

    async requestPhoneVerification(request, reply) {
      const phone = phoneOf(request.body.phone);
      if (phone === null) throw new HttpError(400, 'phone: this field is required');
      const outcome = await phoneVerification.request(viewerOf(request).id, phone, new Date());
      switch (outcome.kind) {
        case 'no-provider':
          throw new HttpError(
            409,
            'phone: this server sends no text messages (no SMS provider is set up)',
          );
        case 'too-soon':
          reply.header('retry-after', String(outcome.retryAfterSeconds));
          throw new HttpError(
            429,
            `phone: a code was texted less than a minute ago; try again in ${outcome.retryAfterSeconds} s`,
          );
        case 'not-sent':
          request.log.warn({ reason: outcome.reason }, 'verification text refused');
          throw new HttpError(
            502,
            'phone: the SMS provider did not take the text; try again later',
          );
        case 'sent':
          return reply
            .code(202)
            .send({ phone: outcome.phone, expires_at: outcome.expiresAt.toISOString() });
      }
    },

    async verifyPhone(request) {
      const { id } = viewerOf(request);
      const code = request.body.code.replace(/\s/g, '');
      if (!/^\d{6}$/.test(code))
        throw new HttpError(400, 'code: must be the 6 digits texted to you');
      const outcome = await phoneVerification.verify(id, code, new Date());
      switch (outcome.kind) {
        case 'none':
          throw new HttpError(409, 'code: no code is waiting; request one first');
        case 'expired':
          throw new HttpError(
            410,
            `code: expired at ${outcome.expiredAt.toISOString()}; request a new one`,
          );
        case 'used-up':
          throw new HttpError(409, 'code: too many wrong codes; request a new one');
        case 'wrong':
          throw new HttpError(
            400,
            `code: wrong code; ${outcome.attemptsLeft} ${outcome.attemptsLeft === 1 ? 'try' : 'tries'} left`,
          );
        case 'verified':
          return current(id);
      }
    },
  };
}

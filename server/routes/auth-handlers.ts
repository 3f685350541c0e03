import { HttpError } from '../http-error.ts';
import { authenticate, viewerOf } from '../plugins/authentication.ts';
import { LOGIN_FAILURE_LIMIT } from '../repositories/login-failures-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { userDto } from './dto.ts';
import type { Handlers } from '../contract-types.ts';
import { newPassword, optionalText, requiredText } from './text-fields.ts';
import { keepCompany } from './company-fields.ts';

/** What a sign-up by anyone but staff answers, the same whether the email was registered. */
export const SIGNUP_RECEIVED = {
  detail:
    'Sign-up received. If this email had no account yet, you can now sign in with it; an existing account keeps its password.',
};

const INVALID_CREDENTIALS = 'Invalid email or password';

export function authHandlers(
  services: Pick<
    RouteServices,
    'users' | 'loginFailures' | 'sessions' | 'passwords' | 'secretBox' | 'companies'
  >,
): Handlers<'login' | 'signup' | 'refreshToken' | 'logout' | 'getCurrentUser'> {
  const { users, loginFailures, sessions, passwords, secretBox } = services;

  return {
    async login(request) {
      const { email, password } = request.body;
      if ((await loginFailures.recent(email, request.ip)) >= LOGIN_FAILURE_LIMIT) {
        throw new HttpError(429, 'Too many failed sign-in attempts; try again in 15 minutes');
      }
      const user = await users.findByEmail(email);
      // A dummy check for unknown emails, so the answer time does not reveal accounts.
      const valid = user
        ? await passwords.verify(password, user.passwordHash)
        : await passwords.verifyDummy(password);
      if (!user || !valid) {
        await loginFailures.record(email, request.ip);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await loginFailures.clear(email, request.ip);
      // The only moment the password is at hand: a hash made with older parameters is renewed.
      if (passwords.needsRehash(user.passwordHash)) {
        await users.update(user.id, { passwordHash: await passwords.hash(password) });
      }
      return sessions.start(user.id);
    },

    async signup(request, reply) {
      const body = request.body;
      const caller = await authenticate(request, services);
      // A company administrator adds users to its own company, and sees the answer staff see.
      const byAdmin = caller !== null && !caller.isStaff && caller.isCompanyAdmin;
      const byStaff = caller?.isStaff === true || byAdmin;
      if (body.is_staff && caller?.isStaff !== true) {
        throw new HttpError(403, 'is_staff: only staff users may create staff accounts');
      }
      if (byAdmin) await keepCompany(services, caller.companyId, body.company);
      const companyPassword = optionalText(body.companyPassword);
      const fields = {
        username: requiredText(body.username, 'username'),
        email: requiredText(body.email, 'email'),
        company: requiredText(body.company, 'company'),
        address: requiredText(body.address, 'address'),
      };
      // Hashed whether the account is made or not, so the time taken tells nothing either.
      const passwordHash = await passwords.hash(newPassword(body.password));
      reply.code(201);
      // Anyone but staff gets one answer whether the email is registered or not (issue 37,
      // finding 13; decision 032); the existing account is left as it is.
      if (!byStaff && (await users.findByEmail(fields.email))) return SIGNUP_RECEIVED;
      const created = await users
        .create({
          ...fields,
          passwordHash,
          isStaff: body.is_staff === true,
          companyUsername: optionalText(body.companyUsername),
          companyPasswordSealed: companyPassword === null ? null : secretBox.seal(companyPassword),
        })
        .catch((error: unknown) => {
          // The same email signed up a moment ago by a concurrent request: the same answer.
          if (!byStaff && error instanceof HttpError && error.detail.startsWith('email:')) {
            return null;
          }
          throw error;
        });
      if (!created) return SIGNUP_RECEIVED;
      return byStaff ? userDto(created, { bridges: [], datastreams: [] }) : SIGNUP_RECEIVED;
    },

    refreshToken: (request) => sessions.refresh(request.body.refresh),

    async logout(request, reply) {
      await sessions.logout(request.body.refresh);
      return reply.code(204).send();
    },

    async getCurrentUser(request) {
      const viewer = viewerOf(request);
      const user = request.user;
      if (!user) throw new HttpError(401, 'Authentication credentials were not provided');
      const assignments = await users.assignmentsOf([viewer.id]);
      return userDto(user, assignments.get(viewer.id) ?? { bridges: [], datastreams: [] });
    },
  };
}

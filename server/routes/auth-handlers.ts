import { HttpError } from '../http-error.ts';
import { authenticate, viewerOf } from '../plugins/authentication.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../services/passwords.ts';
import { LOGIN_FAILURE_LIMIT, type Services } from '../services.ts';
import { userDto } from './dto.ts';
import type { Handlers } from './operation-types.ts';
import { optionalText, requiredText } from './text-fields.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

export function authHandlers(
  services: Services,
): Handlers<'login' | 'signup' | 'refreshToken' | 'getCurrentUser'> {
  const { users, loginFailures, tokens, secretBox } = services;

  return {
    async login(request) {
      const { email, password } = request.body;
      if ((await loginFailures.recent(email, request.ip)) >= LOGIN_FAILURE_LIMIT) {
        throw new HttpError(429, 'Too many failed sign-in attempts; try again in 15 minutes');
      }
      const user = await users.findByEmail(email);
      // Verify against a dummy hash for unknown emails so the answer time does not reveal accounts.
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !valid) {
        await loginFailures.record(email, request.ip);
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await loginFailures.clear(email, request.ip);
      const [access, refresh] = await Promise.all([
        tokens.issue(user.id, 'access'),
        tokens.issue(user.id, 'refresh'),
      ]);
      return { access, refresh };
    },

    async signup(request, reply) {
      const body = request.body;
      const caller = await authenticate(request, services);
      if (body.is_staff && !caller?.isStaff) {
        throw new HttpError(403, 'is_staff: only staff users may create staff accounts');
      }
      const companyPassword = optionalText(body.companyPassword);
      const created = await users.create({
        username: requiredText(body.username, 'username'),
        email: requiredText(body.email, 'email'),
        passwordHash: await hashPassword(body.password),
        company: requiredText(body.company, 'company'),
        address: requiredText(body.address, 'address'),
        isStaff: body.is_staff === true,
        companyUsername: optionalText(body.companyUsername),
        companyPasswordSealed: companyPassword === null ? null : secretBox.seal(companyPassword),
      });
      reply.code(201);
      return userDto(created, { bridges: [], datastreams: [] });
    },

    async refreshToken(request) {
      const userId = await tokens.verify(request.body.refresh, 'refresh');
      if (userId === null) throw new HttpError(401, 'Invalid or expired refresh token');
      if (!(await users.findById(userId)))
        throw new HttpError(401, 'This account no longer exists');
      return { access: await tokens.issue(userId, 'access') };
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

import type { FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../http-error.ts';
import { requireAdmin, viewerOf } from '../plugins/authentication.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { NewUser } from '../repositories/users-repository.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import { checkCredentialChange } from './credential-change.ts';
import { userDto } from './dto.ts';
import type { Handlers, Schemas } from '../contract-types.ts';
import { newPassword, optionalText, requiredText } from './text-fields.ts';
import { phoneOf } from './phone-field.ts';
import { keepCompany } from './company-fields.ts';
import { assertInScope, hiddenAs, noSuch } from './tenant-scope.ts';

export function usersHandlers(
  services: Pick<
    RouteServices,
    'users' | 'secretBox' | 'passwords' | 'sessions' | 'loginFailures' | 'tenancy' | 'companies'
  >,
): Handlers<'listUsers' | 'updateUser' | 'deleteUser' | 'assignBridges' | 'assignDatastreams'> {
  const { users, secretBox, passwords } = services;

  /**
   * Another user's account is platform staff's, or its company administrator's (unless it is a
   * staff account); to anyone else it is refused, and to another company's administrator it does
   * not exist (decision 040).
   */
  async function checkManages(request: FastifyRequest, id: number, refusal: string) {
    const viewer = viewerOf(request);
    if (viewer.id === id || viewer.isStaff) return;
    if (viewer.companyAdminOf == null) throw new HttpError(403, refusal);
    await assertInScope(services, requireAdmin(request), 'user', id, hiddenAs('User'));
    // A platform staff account in the administrator's company stays platform staff's to change.
    if ((await users.findById(id))?.isStaff) {
      throw new HttpError(403, 'Only staff users may change a staff account');
    }
  }

  async function present(userId: number): Promise<Schemas['User']> {
    const row = await users.findById(userId);
    if (!row) throw notFound('User', userId);
    const assignments = await users.assignmentsOf([userId]);
    return userDto(row, assignments.get(userId) ?? { bridges: [], datastreams: [] });
  }

  /** The changes asked for, checked; a new password is kept in clear until it is allowed. */
  function patchFrom(
    body: Schemas['UserUpdate'],
    caller: Viewer,
  ): { patch: Partial<NewUser>; password: string | null } {
    const callerIsStaff = caller.isStaff;
    const patch: Partial<NewUser> = {};
    if (body.username !== undefined) patch.username = requiredText(body.username, 'username');
    if (body.email !== undefined) patch.email = requiredText(body.email, 'email');
    if (body.company !== undefined) patch.company = requiredText(body.company, 'company');
    if (body.address !== undefined) patch.address = requiredText(body.address, 'address');
    if (body.phone !== undefined) patch.phone = phoneOf(body.phone);
    if (body.companyUsername !== undefined)
      patch.companyUsername = optionalText(body.companyUsername);
    // Spec §5: on edit the password (and the company password) change only when filled in.
    const password = body.password ? newPassword(body.password) : null;
    const companyPassword = optionalText(body.companyPassword);
    if (companyPassword !== null) patch.companyPasswordSealed = secretBox.seal(companyPassword);
    if (body.is_staff !== undefined) {
      if (!callerIsStaff) throw new HttpError(403, 'is_staff: only staff users may change roles');
      patch.isStaff = body.is_staff;
    }
    if (body.is_company_admin !== undefined) {
      if (!callerIsStaff && caller.companyAdminOf == null) {
        throw new HttpError(
          403,
          'is_company_admin: only staff and company administrators may change roles',
        );
      }
      patch.isCompanyAdmin = body.is_company_admin;
    }
    return { patch, password };
  }

  return {
    async listUsers(request) {
      const rows = await users.list(requireAdmin(request).companyId);
      const assignments = await users.assignmentsOf(rows.map((row) => row.id));
      return rows.map((row) =>
        userDto(row, assignments.get(row.id) ?? { bridges: [], datastreams: [] }),
      );
    },

    async updateUser(request) {
      const viewer = viewerOf(request);
      const { id } = request.params;
      await checkManages(request, id, 'You may only edit your own account');
      const stored = await users.findById(id);
      if (!stored) throw notFound('User', id);
      const { patch, password } = patchFrom(request.body, viewer);
      if (patch.company !== undefined && !viewer.isStaff) {
        await keepCompany(services, stored.companyId, patch.company);
      }
      const change = await checkCredentialChange(services, {
        stored,
        ownAccount: viewer.id === id,
        newEmail: patch.email,
        newPassword: password !== null,
        currentPassword: request.body.current_password,
        ip: request.ip,
      });
      if (password !== null) patch.passwordHash = await passwords.hash(password);
      await users.update(id, patch);
      // The caller's own session survives their own change; everyone else signs in again.
      if (change) await services.sessions.revokeAllOf(id, change, request.sessionId ?? undefined);
      return present(id);
    },

    async deleteUser(request, reply) {
      const { id } = request.params;
      await checkManages(request, id, 'You may only delete your own account');
      if (!(await users.delete(id))) throw notFound('User', id);
      return reply.code(204).send();
    },

    async assignBridges(request) {
      const scope = requireAdmin(request);
      const { id } = request.params;
      await assertInScope(services, scope, 'user', id, hiddenAs('User'));
      await assertInScope(
        services,
        scope,
        'bridge',
        request.body.bridge_ids,
        noSuch('bridge_ids', 'bridge'),
      );
      if (!(await users.findById(id))) throw notFound('User', id);
      await users.setBridges(id, request.body.bridge_ids);
      return present(id);
    },

    async assignDatastreams(request) {
      const scope = requireAdmin(request);
      const { user_id: userId, stream_ids: streamIds } = request.body;
      await assertInScope(services, scope, 'user', userId, hiddenAs('User'));
      await assertInScope(
        services,
        scope,
        'datastream',
        streamIds,
        noSuch('stream_ids', 'data stream'),
      );
      if (!(await users.findById(userId))) throw notFound('User', userId);
      await users.setDatastreams(userId, streamIds);
      return present(userId);
    },
  };
}

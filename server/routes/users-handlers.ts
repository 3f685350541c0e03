import { HttpError, notFound } from '../http-error.ts';
import { requireStaff, viewerOf } from '../plugins/authentication.ts';
import type { NewUser } from '../repositories/users-repository.ts';
import { hashPassword } from '../services/passwords.ts';
import type { Services } from '../services.ts';
import { userDto } from './dto.ts';
import type { Handlers, Schemas } from './operation-types.ts';
import { optionalText, requiredText } from './text-fields.ts';

const MIN_PASSWORD = 8;

export function usersHandlers(
  services: Services,
): Handlers<'listUsers' | 'updateUser' | 'deleteUser' | 'assignBridges' | 'assignDatastreams'> {
  const { users, secretBox } = services;

  async function present(userId: number): Promise<Schemas['User']> {
    const row = await users.findById(userId);
    if (!row) throw notFound('User', userId);
    const assignments = await users.assignmentsOf([userId]);
    return userDto(row, assignments.get(userId) ?? { bridges: [], datastreams: [] });
  }

  async function patchFrom(
    body: Schemas['UserUpdate'],
    callerIsStaff: boolean,
  ): Promise<Partial<NewUser>> {
    const patch: Partial<NewUser> = {};
    if (body.username !== undefined) patch.username = requiredText(body.username, 'username');
    if (body.email !== undefined) patch.email = requiredText(body.email, 'email');
    if (body.company !== undefined) patch.company = requiredText(body.company, 'company');
    if (body.address !== undefined) patch.address = requiredText(body.address, 'address');
    if (body.companyUsername !== undefined)
      patch.companyUsername = optionalText(body.companyUsername);
    // Spec §5: on edit the password (and the company password) change only when filled in.
    if (body.password) {
      if (body.password.length < MIN_PASSWORD) {
        throw new HttpError(400, `password: must be at least ${MIN_PASSWORD} characters`);
      }
      patch.passwordHash = await hashPassword(body.password);
    }
    const companyPassword = optionalText(body.companyPassword);
    if (companyPassword !== null) patch.companyPasswordSealed = secretBox.seal(companyPassword);
    if (body.is_staff !== undefined) {
      if (!callerIsStaff) throw new HttpError(403, 'is_staff: only staff users may change roles');
      patch.isStaff = body.is_staff;
    }
    return patch;
  }

  return {
    async listUsers(request) {
      requireStaff(request);
      const rows = await users.list();
      const assignments = await users.assignmentsOf(rows.map((row) => row.id));
      return rows.map((row) =>
        userDto(row, assignments.get(row.id) ?? { bridges: [], datastreams: [] }),
      );
    },

    async updateUser(request) {
      const viewer = viewerOf(request);
      const { id } = request.params;
      if (!viewer.isStaff && viewer.id !== id)
        throw new HttpError(403, 'You may only edit your own account');
      if (!(await users.findById(id))) throw notFound('User', id);
      await users.update(id, await patchFrom(request.body, viewer.isStaff));
      return present(id);
    },

    async deleteUser(request, reply) {
      const viewer = viewerOf(request);
      const { id } = request.params;
      if (!viewer.isStaff && viewer.id !== id)
        throw new HttpError(403, 'You may only delete your own account');
      if (!(await users.delete(id))) throw notFound('User', id);
      return reply.code(204).send();
    },

    async assignBridges(request) {
      requireStaff(request);
      const { id } = request.params;
      if (!(await users.findById(id))) throw notFound('User', id);
      await users.setBridges(id, request.body.bridge_ids);
      return present(id);
    },

    async assignDatastreams(request) {
      requireStaff(request);
      const { user_id: userId, stream_ids: streamIds } = request.body;
      if (!(await users.findById(userId))) throw notFound('User', userId);
      await users.setDatastreams(userId, streamIds);
      return present(userId);
    },
  };
}

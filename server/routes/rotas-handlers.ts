import { onCallAt } from '../../domain/on-call.ts';
import { rotaProblem } from '../../domain/rota-rules.ts';
import { HttpError, notFound } from '../http-error.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { RotaInput, RotaRecord } from '../repositories/rotas-repository.ts';
import type { BodyOf, Handlers, Schemas } from '../contract-types.ts';
import { companyToManage, companyToRead } from './company-scope.ts';

type Services = Pick<RouteServices, 'companies' | 'rotas'>;

/** A company may keep this many rotas: the on-call answer and each alert look at all of them. */
const MAX_ROTAS = 50;

const rotaDto = (rota: RotaRecord): Schemas['Rota'] => ({
  id: rota.id,
  company_id: rota.companyId,
  name: rota.name,
  rotation: rota.rotation,
  hand_off_time: rota.handOffTime,
  time_zone: rota.timeZone,
  starts_on: rota.startsOn,
  members: [...rota.members],
  overrides: rota.overrides.map((o) => ({
    from: o.from.toISOString(),
    to: o.to.toISOString(),
    user_id: o.userId,
    reason: o.reason,
  })),
});

function inputOf(body: BodyOf<'createRota'>): RotaInput {
  return {
    name: body.name.trim(),
    rotation: body.rotation,
    handOffTime: body.hand_off_time,
    timeZone: body.time_zone,
    startsOn: body.starts_on,
    members: body.members,
    overrides: (body.overrides ?? []).map((o) => ({
      from: new Date(o.from),
      to: new Date(o.to),
      userId: o.user_id,
      reason: o.reason?.trim() ?? '',
    })),
  };
}

/**
 * On-call rotas (decision 056): the company's users read them and who is on call, its
 * administrators and platform staff write them; another company's id is answered as an unknown
 * one (decision 040).
 */
export function rotasHandlers(
  services: Services,
  now: () => Date = () => new Date(),
): Handlers<'listRotas' | 'createRota' | 'updateRota' | 'deleteRota' | 'getOnCall'> {
  const { rotas } = services;

  /** A valid rota of the company's own people, or a 400 naming the field. */
  async function checked(companyId: number, input: RotaInput): Promise<RotaInput> {
    const problem = rotaProblem(input);
    if (problem) throw new HttpError(400, problem);
    const people = [...input.members, ...input.overrides.map((o) => o.userId)];
    const known = await rotas.peopleOf(people);
    const stranger = (userId: number) => known.get(userId)?.companyId !== companyId;
    const member = input.members.find(stranger);
    if (member !== undefined) {
      throw new HttpError(400, `members: no user with id ${member} in this company`);
    }
    const index = input.overrides.findIndex((o) => stranger(o.userId));
    if (index >= 0) {
      const id = input.overrides[index]?.userId;
      throw new HttpError(
        400,
        `overrides[${index}].user_id: no user with id ${id} in this company`,
      );
    }
    return input;
  }

  async function rotaOf(companyId: number, rotaId: number): Promise<RotaRecord> {
    const rota = await rotas.find(rotaId);
    if (!rota || rota.companyId !== companyId) throw notFound('Rota', rotaId);
    return rota;
  }

  return {
    async listRotas(request) {
      await companyToRead(services, request, request.params.id);
      return (await rotas.list(request.params.id)).map(rotaDto);
    },

    async createRota(request, reply) {
      const companyId = request.params.id;
      await companyToManage(services, request, companyId);
      const input = await checked(companyId, inputOf(request.body));
      if ((await rotas.countOf(companyId)) >= MAX_ROTAS) {
        throw new HttpError(400, `name: a company keeps at most ${MAX_ROTAS} rotas`);
      }
      reply.code(201);
      return rotaDto(await rotas.create(companyId, input));
    },

    async updateRota(request) {
      const { id: companyId, rotaId } = request.params;
      await companyToManage(services, request, companyId);
      await rotaOf(companyId, rotaId);
      const stored = await rotas.update(rotaId, await checked(companyId, inputOf(request.body)));
      if (!stored) throw notFound('Rota', rotaId);
      return rotaDto(stored);
    },

    async deleteRota(request, reply) {
      const { id: companyId, rotaId } = request.params;
      await companyToManage(services, request, companyId);
      await rotaOf(companyId, rotaId);
      await rotas.remove(rotaId);
      return reply.code(204).send();
    },

    async getOnCall(request) {
      const companyId = request.params.id;
      await companyToRead(services, request, companyId);
      const answers = (await rotas.list(companyId)).map((rota) => ({
        rota,
        onCall: onCallAt(rota, now()),
      }));
      const people = await rotas.peopleOf(
        answers.flatMap(({ onCall }) => (onCall.userId === null ? [] : [onCall.userId])),
      );
      return answers.map(({ rota, onCall }) => ({
        rota_id: rota.id,
        rota_name: rota.name,
        user_id: onCall.userId,
        username: onCall.userId === null ? null : (people.get(onCall.userId)?.username ?? null),
        until: onCall.until?.toISOString() ?? null,
        override: onCall.override,
      }));
    },
  };
}

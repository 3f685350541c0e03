import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

export function systemHandlers(
  services: Pick<RouteServices, 'databaseKind' | 'readiness'>,
): Handlers<'getHealth' | 'getReadiness'> {
  return {
    async getHealth() {
      return { status: 'ok', database: services.databaseKind };
    },
    async getReadiness(_request, reply) {
      const readiness = await services.readiness.check();
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  };
}

import type { Services } from '../services.ts';
import type { Handlers } from '../contract-types.ts';

export function systemHandlers(services: Services): Handlers<'getHealth' | 'getReadiness'> {
  return {
    async getHealth() {
      return { status: 'ok', database: services.database.kind };
    },
    async getReadiness(_request, reply) {
      const readiness = await services.readiness.check();
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  };
}

import type { Services } from '../services.ts';
import type { Handlers } from './operation-types.ts';

export function systemHandlers(services: Services): Handlers<'getHealth'> {
  return {
    async getHealth() {
      return { status: 'ok', database: services.database.kind };
    },
  };
}

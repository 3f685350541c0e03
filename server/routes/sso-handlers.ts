import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/** Sign-in through a company's identity provider (decision 054); the work is in the service. */
export function ssoHandlers(
  services: Pick<RouteServices, 'ssoSignIn'>,
): Handlers<'startSsoLogin' | 'completeSsoLogin' | 'exchangeSsoLogin'> {
  const { ssoSignIn } = services;
  return {
    startSsoLogin: (request) => ssoSignIn.start(request.body.email),

    async completeSsoLogin(request, reply) {
      const { location, refused } = await ssoSignIn.complete(request.query);
      if (refused) request.log.warn({ refused }, 'single sign-on refused');
      return reply.code(303).header('location', location).send();
    },

    exchangeSsoLogin: (request) => ssoSignIn.exchange(request.body.code),
  };
}

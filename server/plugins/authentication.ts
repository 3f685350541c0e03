import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { UserRow } from '../repositories/users-repository.ts';
import type { Viewer } from '../repositories/visibility.ts';
import type { RouteServices } from './route-services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /** The session (sign-in) of the access token, for changes that end every other session. */
    sessionId: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The user behind a valid access token; null when there is no token at all. */
export async function authenticate(
  request: FastifyRequest,
  services: Pick<RouteServices, 'sessions'>,
): Promise<UserRow | null> {
  const token = bearerToken(request);
  if (!token) return null;
  // Looking the user and the session up on every request is what makes a deleted account's
  // or an ended session's tokens useless at once.
  const { user, sessionId } = await services.sessions.authenticate(token);
  request.sessionId = sessionId;
  return user;
}

/** The security handler openapi-glue runs for operations secured with bearerAuth. */
export function bearerAuthHandler(services: Pick<RouteServices, 'sessions'>) {
  return async (request: FastifyRequest) => {
    // Already checked before the body was read (server/http/request-guards.ts).
    if (request.user) return;
    const user = await authenticate(request, services);
    if (!user) throw new HttpError(401, 'Authentication credentials were not provided');
    request.user = user;
  };
}

export function viewerOf(request: FastifyRequest): Viewer {
  const user = request.user;
  if (!user) throw new HttpError(401, 'Authentication credentials were not provided');
  const companyAdminOf = !user.isStaff && user.isCompanyAdmin ? user.companyId : null;
  return { id: user.id, isStaff: user.isStaff, companyAdminOf };
}

/** Who may use the staff screens, and over which company: null for platform staff (every one). */
export interface AdminScope {
  viewer: Viewer;
  companyId: number | null;
}

/**
 * The staff screens' operations that a company administrator may use too, limited to its
 * company (decision 040); the handler checks each record it reaches against `companyId`.
 */
export function requireAdmin(request: FastifyRequest): AdminScope {
  const viewer = viewerOf(request);
  if (viewer.isStaff) return { viewer, companyId: null };
  if (viewer.companyAdminOf != null) return { viewer, companyId: viewer.companyAdminOf };
  throw new HttpError(403, 'Only staff users may do this');
}

export function requireStaff(request: FastifyRequest): Viewer {
  const viewer = viewerOf(request);
  if (!viewer.isStaff) throw new HttpError(403, 'Only staff users may do this');
  return viewer;
}

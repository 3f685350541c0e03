import { HttpError } from '../http-error.ts';
import type { RevokeReason, SessionsRepository } from '../repositories/sessions-repository.ts';
import type { UserRow } from '../repositories/users-repository.ts';
import type { TokenService } from './tokens.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

/**
 * Sign-in sessions: the access token names its session (`sid`), which is looked up on every
 * request together with the user, so an ended session stops working at once, not after the
 * access token's lifetime (docs/decisions/006-sessions.md).
 */
export function createSessionService(repository: SessionsRepository, tokens: TokenService) {
  async function pair(userId: number, sessionId: string, refresh: string): Promise<TokenPair> {
    return { access: await tokens.issueAccess({ userId, sessionId }), refresh };
  }

  return {
    async start(userId: number): Promise<TokenPair> {
      const { sessionId, refresh } = await repository.start(userId);
      return pair(userId, sessionId, refresh);
    },

    async refresh(refresh: string): Promise<TokenPair> {
      const result = await repository.rotate(refresh);
      if (result.kind === 'reused') {
        throw new HttpError(401, 'This refresh token was already used; the session has ended');
      }
      if (result.kind === 'expired') {
        throw new HttpError(401, 'This session has reached its maximum lifetime; sign in again');
      }
      if (result.kind === 'invalid') throw new HttpError(401, 'Invalid or expired refresh token');
      return pair(result.userId, result.sessionId, result.refresh);
    },

    logout: (refresh: string) => repository.endByToken(refresh),

    revokeAllOf: (userId: number, reason: RevokeReason, keep?: string) =>
      repository.revokeAllOf(userId, reason, keep),

    /** The user and session behind an access token; 401 when it is not (or no longer) valid. */
    async authenticate(access: string): Promise<Authenticated> {
      const claims = await tokens.verifyAccess(access);
      if (!claims) throw new HttpError(401, 'Invalid or expired access token');
      const found = await repository.userOfSession(claims.userId, claims.sessionId);
      if (!found) throw new HttpError(401, 'This account no longer exists');
      if (!found.live) throw new HttpError(401, 'This session has ended; sign in again');
      return { user: found.user, sessionId: claims.sessionId };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;

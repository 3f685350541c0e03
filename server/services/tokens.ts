import { SignJWT, jwtVerify } from 'jose';

/** Who an access token speaks for: the user and the session (sign-in) it was issued to. */
export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Access tokens only: short-lived JWTs carrying the session id (`sid`). Refresh tokens are
 * opaque random secrets kept hashed in the database (server/services/sessions.ts).
 */
export interface TokenService {
  issueAccess(claims: AccessClaims): Promise<string>;
  /** The claims of a valid access token; null when invalid, expired, or without exp or sid. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
}

const ISSUER = 'spanwatch';

export function createTokenService(options: {
  secret: string;
  accessTtlSeconds: number;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  return {
    issueAccess({ userId, sessionId }) {
      return new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${options.accessTtlSeconds}s`)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        // jose checks exp only when present: a token without it would never expire.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'sub', 'sid'],
        });
        const userId = Number(payload.sub);
        const sessionId = payload.sid;
        const valid =
          payload.typ === 'access' && Number.isInteger(userId) && typeof sessionId === 'string';
        return valid ? { userId, sessionId } : null;
      } catch {
        return null;
      }
    },
  };
}

import { SignJWT, jwtVerify } from 'jose';

export type TokenKind = 'access' | 'refresh';

export interface TokenService {
  issue(userId: number, kind: TokenKind): Promise<string>;
  /** The user id the token was issued to, or null when it is invalid, expired or of another kind. */
  verify(token: string, kind: TokenKind): Promise<number | null>;
}

const ISSUER = 'spanwatch';

export function createTokenService(options: {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const ttl = { access: options.accessTtlSeconds, refresh: options.refreshTtlSeconds };
  return {
    issue(userId, kind) {
      return new SignJWT({ typ: kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${ttl[kind]}s`)
        .sign(key);
    },
    async verify(token, kind) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        return payload.typ === kind && Number.isInteger(userId) ? userId : null;
      } catch {
        return null;
      }
    },
  };
}

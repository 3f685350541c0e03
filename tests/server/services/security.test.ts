import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createPasswordHasher } from '../../../server/services/passwords.ts';
import { createSecretBox } from '../../../server/services/secret-box.ts';
import { createTokenService } from '../../../server/services/tokens.ts';

describe('passwords', () => {
  const { hash, verify } = createPasswordHasher(10);

  it('hashes with scrypt and a salt, and verifies only the right password', async () => {
    const first = await hash('bridge-deck-42');
    const second = await hash('bridge-deck-42');
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verify('bridge-deck-42', first)).toBe(true);
    expect(await verify('bridge-deck-43', first)).toBe(false);
    expect(await verify('bridge-deck-42', 'garbage')).toBe(false);
  });

  it("defaults to OWASP's scrypt parameters (N=2^17, r=8, p=1) and asks to rehash older ones", async () => {
    const owasp = createPasswordHasher();
    const stored = await owasp.hash('bridge-deck-42');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await owasp.verify('bridge-deck-42', stored)).toBe(true);
    expect(owasp.needsRehash(stored)).toBe(false);
    // The parameters before issue 13, and any other cost, are renewed on the next sign-in.
    expect(owasp.needsRehash(await createPasswordHasher(15).hash('bridge-deck-42'))).toBe(true);
    expect(createPasswordHasher(10).needsRehash(stored)).toBe(true);
  });
});

describe('secret box', () => {
  it('seals with a fresh nonce and opens only with the same key', () => {
    const box = createSecretBox('key-one');
    const sealed = box.seal('company-pass');
    expect(sealed).not.toContain('company-pass');
    expect(box.seal('company-pass')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('company-pass');
    expect(() => createSecretBox('key-two').open(sealed)).toThrow();
  });
});

describe('access tokens', () => {
  const secret = 'x'.repeat(40);
  const service = createTokenService({ secret, accessTtlSeconds: 900 });
  const claims = { userId: 7, sessionId: 'session-1' };

  it('verifies its own tokens, with the user and the session', async () => {
    const access = await service.issueAccess(claims);
    expect(await service.verifyAccess(access)).toEqual(claims);
    expect(await service.verifyAccess(`${access}x`)).toBeNull();
  });

  it('refuses tokens signed with another secret or expired', async () => {
    const other = createTokenService({ secret: 'y'.repeat(40), accessTtlSeconds: 900 });
    expect(await service.verifyAccess(await other.issueAccess(claims))).toBeNull();
    const shortLived = createTokenService({ secret, accessTtlSeconds: 1 });
    const token = await shortLived.issueAccess(claims);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await service.verifyAccess(token)).toBeNull();
  });

  it.each([
    ['without exp', (jwt: SignJWT) => jwt.setSubject('7')],
    ['without sid', (jwt: SignJWT) => jwt.setSubject('7').setExpirationTime('5m')],
  ])('refuses a correctly signed token %s', async (_, shape) => {
    const sid = _ === 'without sid' ? {} : { sid: 'session-1' };
    const token = await shape(new SignJWT({ typ: 'access', ...sid }))
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('spanwatch')
      .setIssuedAt()
      .sign(new TextEncoder().encode(secret));
    expect(await service.verifyAccess(token)).toBeNull();
  });
});
